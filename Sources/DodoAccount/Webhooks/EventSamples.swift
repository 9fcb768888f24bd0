import DodoCheckout

/// The `data` of sample events: each object with every field the official SDKs' models
/// require for it (Dodo's Python SDK `dodopayments` 1.123.0 is the check), the optional ones
/// Dodo's API and framework adapters show, and plausible values of the documented types and
/// enums. `payload_type` names the object, as in Dodo's deliveries.
enum EventSamples {
  static let paymentID = "pay_2IjeQm4hqU6RA4Z4kwDee"
  static let subscriptionID = "sub_4MXXiKpuBLcKZTXkqgJ3s"
  static let productID = "pdt_9BfgHaG7VYvLz2Tx5kPwN"
  static let sessionID = "cks_0Wc1NeqKvx8sRjM6dYhAz"
  static let customerID = "cus_8VbC4jnQ3yXmTz7WpLr2K"
  static let licenseKeyID = "lic_6PnVb2kXw8QzLr4TyHm1C"
  static let licenseKey = "2b1f4c7e-8d3a-4e6b-9f0c-5a7d2e1b3c4f"
  static let creditEntitlementID = "cde_5RkTn8wQz2LmVb7XpYc3H"
  /// A business's payments belong to a brand; the sample business has one, with its id.
  static let brandID = WebhookEvent.sampleBusinessID

  static func data(for type: String, now: Int64) -> JSONValue {
    let object = type.prefix { $0 != "." }
    let event = String(type.drop { $0 != "." }.dropFirst())
    switch object {
    case "payment": return payment(status: event, now: now)
    case "refund": return refund(status: event, now: now)
    case "dispute": return dispute(status: event, now: now)
    case "subscription": return subscription(event: event, now: now)
    case "abandoned_checkout": return abandonedCheckout(event: event, now: now)
    case "dunning": return dunningAttempt(event: event, now: now)
    case "payout": return payout(event: event, now: now)
    case "credit": return event == "balance_low" ? creditBalanceLow() : creditLedgerEntry(event: event, now: now)
    case "entitlement_grant": return entitlementGrant(event: event, now: now)
    default: return licenseKey(now: now)
    }
  }

  /// An object of `pairs`, in their order.
  static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(pairs.map { JSONValue.Member($0.key, $0.value) })
  }

  static func time(_ seconds: Int64) -> JSONValue { .string(UTCTimestamp.iso8601(seconds)) }
  static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  static var customer: JSONValue {
    fields([
      "customer_id": .string(customerID),
      "email": .string("ada@example.com"),
      "name": .string("Ada Lovelace"),
      "phone_number": .null,
      "metadata": .object([]),
    ])
  }

  static var billing: JSONValue {
    fields([
      "country": .string("US"),
      "state": .string("CA"),
      "city": .string("San Francisco"),
      "street": .string("1 Market St"),
      "zipcode": .string("94103"),
    ])
  }

  static func licenseKey(now: Int64) -> JSONValue {
    fields([
      "payload_type": .string("LicenseKey"),
      "id": .string(licenseKeyID),
      "key": .string(licenseKey),
      "brand_id": .string(brandID),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "customer_id": .string(customerID),
      "payment_id": .string(paymentID),
      "product_id": .string(productID),
      "subscription_id": .null,
      "source": .string("auto"),
      "status": .string("active"),
      "activations_limit": number(5),
      "instances_count": number(0),
      "expires_at": .null,
      "created_at": time(now),
    ])
  }
}
