/// Payments and what follows them: refunds and disputes.
extension EventSamples {
  static func payment(status: String, now: Int64) -> JSONValue {
    let failed = status == "failed"
    return fields([
      "payload_type": .string("Payment"),
      "payment_id": .string(paymentID),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "brand_id": .string(brandID),
      "status": .string(status),
      "total_amount": number(1999),
      "currency": .string("USD"),
      "settlement_amount": number(1999),
      "settlement_currency": .string("USD"),
      "tax": number(0),
      "settlement_tax": number(0),
      "checkout_session_id": .string(sessionID),
      "subscription_id": .null,
      "subscription_ids": .array([]),
      "is_multi_subscription": .bool(false),
      "charge_type": .null,
      "service_periods": .array([]),
      "customer": customer,
      "billing": billing,
      "product_cart": .array([fields(["product_id": .string(productID), "quantity": number(1)])]),
      "digital_products_delivered": .bool(status == "succeeded"),
      // Dodo's error codes are upper case.
      "error_code": failed ? .string("INSUFFICIENT_FUNDS") : .null,
      "error_message": failed ? .string("Your card has insufficient funds.") : .null,
      "payment_provider": .string("dodo"),
      "payment_method": .string("card"),
      "payment_method_type": .string("credit"),
      "card_last_four": .string("4242"),
      "card_network": .string("visa"),
      "card_type": .string("credit"),
      "card_issuing_country": .string("US"),
      "card_holder_name": .string("Ada Lovelace"),
      "retry_attempt": number(0),
      "includes_usage": .bool(false),
      "is_update_payment_method": .bool(false),
      "discount_id": .null,
      "discounts": .array([]),
      "disputes": .array([]),
      "refunds": .array([]),
      "refund_status": .null,
      "custom_field_responses": .null,
      "invoice_id": .null,
      "invoice_url": .null,
      "payment_link": .null,
      "metadata": .object([]),
      "created_at": time(now - 60),
      "updated_at": time(now),
    ])
  }

  static func refund(status: String, now: Int64) -> JSONValue {
    fields([
      "payload_type": .string("Refund"),
      "refund_id": .string("ref_5TqLw8yHn2KcVx6RbMz1P"),
      "payment_id": .string(paymentID),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "brand_id": .string(brandID),
      "status": .string(status),
      "amount": number(1999),
      "currency": .string("USD"),
      "is_partial": .bool(false),
      "reason": .string("requested_by_customer"),
      "customer": customer,
      "metadata": .object([]),
      "created_at": time(now),
    ])
  }

  /// The SDK's `Dispute`, with the fields Dodo's adapters read from the standalone
  /// dispute (brand, customer, provider, reason) as well.
  static func dispute(status: String, now: Int64) -> JSONValue {
    fields([
      "payload_type": .string("Dispute"),
      "dispute_id": .string("dsp_3GhWx7nKp1RzQv9TmYc4L"),
      "payment_id": .string(paymentID),
      "business_id": .string(WebhookEvent.sampleBusinessID),
      "brand_id": .string(brandID),
      "amount": .string("1999"),
      "currency": .string("USD"),
      "dispute_status": .string("dispute_" + status),
      "dispute_stage": .string(status == "opened" ? "pre_dispute" : "dispute"),
      "payment_provider": .string("dodo"),
      "is_resolved_by_rdr": .bool(false),
      "reason": .string("fraudulent"),
      "remarks": .null,
      "customer": customer,
      "created_at": time(now - 86_400),
    ])
  }
}
