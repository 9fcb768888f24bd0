import DodoCheckout

/// The `data` of sample events: each object with the fields Dodo's API returns for it
/// (`GET /payments/{id}` for a `Payment`, and so on) and plausible values.
enum EventSamples {
  static let paymentID = "pay_2IjeQm4hqU6RA4Z4kwDee"
  static let subscriptionID = "sub_4MXXiKpuBLcKZTXkqgJ3s"
  static let productID = "pdt_9BfgHaG7VYvLz2Tx5kPwN"
  static let sessionID = "cks_0Wc1NeqKvx8sRjM6dYhAz"

  static func data(for type: String, now: Int64) -> JSONValue {
    let object = type.prefix { $0 != "." }
    let event = String(type.drop { $0 != "." }.dropFirst())
    switch object {
    case "payment": return payment(status: event, now: now)
    case "refund": return refund(status: event, now: now)
    case "dispute": return dispute(status: event, now: now)
    case "subscription": return subscription(event: event, now: now)
    default: return licenseKey(now: now)
    }
  }

  static var customer: JSONValue {
    .object([
      .init("customer_id", .string("cus_8VbC4jnQ3yXmTz7WpLr2K")),
      .init("email", .string("ada@example.com")),
      .init("name", .string("Ada Lovelace")),
    ])
  }

  private static func time(_ seconds: Int64) -> JSONValue { .string(UTCTimestamp.iso8601(seconds)) }
  private static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  static func payment(status: String, now: Int64) -> JSONValue {
    let failed = status == "failed"
    return .object([
      .init("payload_type", .string("Payment")),
      .init("payment_id", .string(paymentID)),
      .init("business_id", .string(WebhookEvent.sampleBusinessID)),
      .init("status", .string(status)),
      .init("total_amount", number(1999)),
      .init("currency", .string("USD")),
      .init("settlement_amount", number(1999)),
      .init("settlement_currency", .string("USD")),
      .init("tax", number(0)),
      .init("checkout_session_id", .string(sessionID)),
      .init("subscription_id", .null),
      .init("customer", customer),
      .init("billing", .object([.init("country", .string("US")), .init("zipcode", .string("94103"))])),
      .init(
        "product_cart", .array([.object([.init("product_id", .string(productID)), .init("quantity", number(1))])])),
      .init("error_code", failed ? .string("insufficient_funds") : .null),
      .init("error_message", failed ? .string("Your card has insufficient funds.") : .null),
      .init("payment_method", .string("card")),
      .init("card_last_four", .string("4242")),
      .init("card_network", .string("VISA")),
      .init("card_type", .string("CREDIT")),
      .init("discount_id", .null),
      .init("disputes", .array([])),
      .init("refunds", .array([])),
      .init("metadata", .object([])),
      .init("created_at", time(now - 60)),
      .init("updated_at", time(now)),
    ])
  }

  static func subscription(event: String, now: Int64) -> JSONValue {
    let status =
      switch event {
      case "renewed", "plan_changed", "updated": "active"
      default: event
      }
    let ended = ["cancelled", "expired", "failed"].contains(status)
    return .object([
      .init("payload_type", .string("Subscription")),
      .init("subscription_id", .string(subscriptionID)),
      .init("product_id", .string(productID)),
      .init("status", .string(status)),
      .init("customer", customer),
      .init("quantity", number(1)),
      .init("recurring_pre_tax_amount", number(999)),
      .init("currency", .string("USD")),
      .init("tax_inclusive", .bool(false)),
      .init("payment_frequency_interval", .string("Month")),
      .init("payment_frequency_count", number(1)),
      .init("subscription_period_interval", .string("Year")),
      .init("subscription_period_count", number(10)),
      .init("trial_period_days", number(0)),
      .init("previous_billing_date", time(now - 60)),
      .init("next_billing_date", time(now - 60 + 30 * 86_400)),
      .init("cancel_at_next_billing_date", .bool(false)),
      .init("cancelled_at", status == "cancelled" ? time(now) : .null),
      .init("on_demand", .bool(false)),
      .init("discount_id", .null),
      .init("metadata", .object([])),
      .init("created_at", time(now - (ended ? 90 * 86_400 : 60))),
    ])
  }

  static func refund(status: String, now: Int64) -> JSONValue {
    .object([
      .init("payload_type", .string("Refund")),
      .init("refund_id", .string("ref_5TqLw8yHn2KcVx6RbMz1P")),
      .init("payment_id", .string(paymentID)),
      .init("business_id", .string(WebhookEvent.sampleBusinessID)),
      .init("status", .string(status)),
      .init("amount", number(1999)),
      .init("currency", .string("USD")),
      .init("is_partial", .bool(false)),
      .init("reason", .string("requested_by_customer")),
      .init("customer", customer),
      .init("created_at", time(now)),
    ])
  }

  static func dispute(status: String, now: Int64) -> JSONValue {
    .object([
      .init("payload_type", .string("Dispute")),
      .init("dispute_id", .string("dsp_3GhWx7nKp1RzQv9TmYc4L")),
      .init("payment_id", .string(paymentID)),
      .init("business_id", .string(WebhookEvent.sampleBusinessID)),
      .init("amount", .string("1999")),
      .init("currency", .string("USD")),
      .init("dispute_status", .string("dispute_" + status)),
      .init("dispute_stage", .string(status == "opened" ? "pre_dispute" : "dispute")),
      .init("remarks", .null),
      .init("customer", customer),
      .init("created_at", time(now - 86_400)),
    ])
  }

  static func licenseKey(now: Int64) -> JSONValue {
    .object([
      .init("payload_type", .string("LicenseKey")),
      .init("id", .string("lic_6PnVb2kXw8QzLr4TyHm1C")),
      .init("key", .string("2b1f4c7e-8d3a-4e6b-9f0c-5a7d2e1b3c4f")),
      .init("business_id", .string(WebhookEvent.sampleBusinessID)),
      .init("customer_id", .string("cus_8VbC4jnQ3yXmTz7WpLr2K")),
      .init("payment_id", .string(paymentID)),
      .init("product_id", .string(productID)),
      .init("subscription_id", .null),
      .init("status", .string("active")),
      .init("activations_limit", number(5)),
      .init("instances_count", number(0)),
      .init("expires_at", .null),
      .init("created_at", time(now)),
    ])
  }
}
