/// The merchant's side: payouts, customers' credit balances and entitlement grants.
extension EventSamples {
  static func payout(event: String, now: Int64) -> JSONValue {
    let status = event == "created" ? "not_initiated" : event
    return fields([
      "payload_type": .string("Payout"),
      "payout_id": .string("pout_2WsXe4RdCv6TfBg8YhNu1"),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "status": .string(status),
      "amount": number(125_000),
      "currency": .string("USD"),
      "fee": number(0),
      "tax": number(0),
      "refunds": number(0),
      "chargebacks": number(0),
      "payment_method": .string("bank_transfer"),
      "name": .null,
      "payout_document_url": .null,
      "remarks": status == "failed" ? .string("The bank returned the transfer.") : .null,
      "created_at": time(now - EventSamples.day),
      "updated_at": time(now),
    ])
  }

  /// One entry of a customer's credit ledger; `event` names the transaction.
  static func creditLedgerEntry(event: String, now: Int64) -> JSONValue {
    let transaction =
      switch event {
      case "added", "deducted", "expired", "rolled_over": "credit_" + event
      default: event
      }
    let isCredit = ["added", "rolled_over", "manual_adjustment"].contains(event)
    return fields([
      "payload_type": .string("CreditLedgerEntry"),
      "id": .string("cle_9LpKo7JiHu5GyTf3DrEs1"),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "brand_id": .string(brandID),
      "customer_id": .string(customerID),
      "credit_entitlement_id": .string(creditEntitlementID),
      "transaction_type": .string(transaction),
      "is_credit": .bool(isCredit),
      "amount": .string("100"),
      "balance_before": .string("500"),
      "balance_after": .string(isCredit ? "600" : "400"),
      "overage_before": .string("0"),
      "overage_after": .string("0"),
      "description": .null,
      "grant_id": .null,
      "reference_id": .null,
      "reference_type": .null,
      "metadata": .object([]),
      "created_at": time(now),
    ])
  }

  static func creditBalanceLow() -> JSONValue {
    fields([
      "payload_type": .string("CreditBalanceLow"),
      "customer_id": .string(customerID),
      "subscription_id": .string(subscriptionID),
      "brand_id": .string(brandID),
      "credit_entitlement_id": .string(creditEntitlementID),
      "credit_entitlement_name": .string("API credits"),
      "available_balance": .string("80"),
      "subscription_credits_amount": .string("1000"),
      "threshold_percent": number(10),
      "threshold_amount": .string("100"),
    ])
  }

  /// A grant of a license key: `event` is its life (created, delivered, failed, revoked).
  static func entitlementGrant(event: String, now: Int64) -> JSONValue {
    let delivered = event == "delivered"
    let grant = fields([
      "id": .string(licenseKeyID),
      "key": .string(licenseKey),
      "status": .string(event == "revoked" ? "disabled" : "active"),
      "activations_used": number(0),
      "activations_limit": number(5),
      "expires_at": .null,
    ])
    return fields([
      "payload_type": .string("EntitlementGrant"),
      "id": .string("egr_4TgBh6NjMk8LoPi2UyTr3"),
      "entitlement_id": .string("ent_7YhNu3JmKi9OlPq5WsEd2"),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "brand_id": .string(brandID),
      "customer_id": .string(customerID),
      "payment_id": .string(paymentID),
      "subscription_id": .null,
      "integration_type": .string("license_key"),
      "status": .string(event == "created" ? "Pending" : event.prefix(1).uppercased() + event.dropFirst()),
      "license_key": event == "created" || event == "failed" ? .null : grant,
      "delivered_at": delivered ? time(now) : .null,
      "error_code": event == "failed" ? .string("DELIVERY_FAILED") : .null,
      "error_message": event == "failed" ? .string("The license key could not be issued.") : .null,
      "revoked_at": event == "revoked" ? time(now) : .null,
      "revocation_reason": event == "revoked" ? .string("refunded") : .null,
      "metadata": .object([]),
      "created_at": time(now - 60),
      "updated_at": time(now),
    ])
  }
}
