/// Subscriptions and the recovery around them: dunning and abandoned checkouts.
extension EventSamples {
  static let day: Int64 = 86_400

  static func subscription(event: String, now: Int64) -> JSONValue {
    let status =
      switch event {
      case "renewed", "plan_changed", "updated", "unpaused", "update_payment_method": "active"
      default: event
      }
    let ended = ["cancelled", "expired", "failed"].contains(status)
    let started = now - (ended ? 90 * day : 60)
    return fields([
      "payload_type": .string("Subscription"),
      "subscription_id": .string(subscriptionID),
      "product_id": .string(productID),
      "brand_id": .string(brandID),
      "status": .string(status),
      "customer": customer,
      "billing": billing,
      "quantity": number(1),
      "recurring_pre_tax_amount": number(999),
      "currency": .string("USD"),
      "tax_inclusive": .bool(false),
      "payment_frequency_interval": .string("Month"),
      "payment_frequency_count": number(1),
      "subscription_period_interval": .string("Year"),
      "subscription_period_count": number(10),
      "trial_period_days": number(0),
      "previous_billing_date": time(started),
      "next_billing_date": time(started + 30 * day),
      "cancel_at_next_billing_date": .bool(false),
      "cancelled_at": status == "cancelled" ? time(now) : .null,
      "paused_at": status == "paused" ? time(now) : .null,
      "past_due_ends_at": status == "past_due" ? time(now + 7 * day) : .null,
      "expires_at": status == "expired" ? time(now) : .null,
      "on_demand": .bool(false),
      "has_payment_method": .bool(true),
      "payment_method_id": .string("pm_7QwErT2yUiOp4AsDfGh6J"),
      "payment_id": event == "renewed" ? .string(paymentID) : .null,
      "addons": .array([]),
      "meters": .array([]),
      "credit_entitlement_cart": .array([]),
      "meter_credit_entitlement_cart": .array([]),
      "discount_id": .null,
      "discounts": .array([]),
      "discount_cycles_remaining": .null,
      "scheduled_change": .null,
      "tax_id": .null,
      "custom_field_responses": .null,
      "metadata": .object([]),
      "created_at": time(started),
    ])
  }

  static func abandonedCheckout(event: String, now: Int64) -> JSONValue {
    let recovered = event == "recovered"
    return fields([
      "payload_type": .string("AbandonedCheckout"),
      "payment_id": .string(paymentID),
      "customer_id": .string(customerID),
      "brand_id": .string(brandID),
      "abandoned_at": time(now - 3_600),
      "abandonment_reason": .string("checkout_incomplete"),
      "status": .string(recovered ? "recovered" : "abandoned"),
      "recovered_payment_id": recovered ? .string("pay_5NbVc3XzLk8JhGf2DsA1Q") : .null,
    ])
  }

  static func dunningAttempt(event: String, now: Int64) -> JSONValue {
    let recovered = event == "recovered"
    return fields([
      "payload_type": .string("DunningAttempt"),
      "subscription_id": .string(subscriptionID),
      "customer_id": .string(customerID),
      "brand_id": .string(brandID),
      "status": .string(recovered ? "recovered" : "recovering"),
      "trigger_state": .string("on_hold"),
      "payment_id": recovered ? .string(paymentID) : .null,
      "created_at": time(now - (recovered ? 2 * day : 0)),
    ])
  }
}
