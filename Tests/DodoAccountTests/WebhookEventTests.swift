import DodoAccount
import Testing

@Suite struct WebhookEventTests {
  let now: Int64 = 1_764_600_505  // 2025-12-01T14:48:25Z

  @Test(arguments: WebhookEvent.types) func everyTypeHasDodosShape(type: String) throws {
    let event = try WebhookEvent.sample(type: type, now: now)
    #expect(event["type"] == .string(type))
    #expect(event["business_id"] == .string(WebhookEvent.sampleBusinessID))
    #expect(event["timestamp"] == .string("2025-12-01T14:48:25Z"))
    let data = try #require(event["data"])
    let expected: [String: (payload: String, id: String)] = [
      "payment": ("Payment", "payment_id"), "subscription": ("Subscription", "subscription_id"),
      "refund": ("Refund", "refund_id"), "dispute": ("Dispute", "dispute_id"), "license_key": ("LicenseKey", "id"),
      "payout": ("Payout", "payout_id"), "abandoned_checkout": ("AbandonedCheckout", "payment_id"),
      "dunning": ("DunningAttempt", "subscription_id"), "entitlement_grant": ("EntitlementGrant", "id"),
      "credit": type == "credit.balance_low"
        ? ("CreditBalanceLow", "credit_entitlement_id") : ("CreditLedgerEntry", "id"),
    ]
    let shape = try #require(expected[String(type.prefix { $0 != "." })])
    #expect(data["payload_type"] == .string(shape.payload))
    #expect(data[shape.id]?.stringValue != nil)
    // The body is JSON that reads back the same.
    #expect(JSONValue(parsing: event.serialized()) == event)
    #expect(WebhookEvent.type(of: event.serialized()) == type)
  }

  @Test func paymentsCarryTheFieldsOfGetPayments() throws {
    let data = try #require(try WebhookEvent.sample(type: "payment.failed", now: now)["data"])
    for field in [
      "payment_id", "status", "total_amount", "currency", "checkout_session_id", "subscription_id", "customer",
      "error_code", "error_message", "payment_method", "card_last_four", "card_network", "created_at", "updated_at",
      "business_id", "metadata",
    ] {
      #expect(data[field] != nil, "\(field)")
    }
    #expect(data["status"] == .string("failed"))
    #expect(data["error_code"] == .string("INSUFFICIENT_FUNDS"))
    #expect(data["total_amount"] == .number("1999"))
  }

  @Test func statusesFollowTheEvent() throws {
    #expect(try WebhookEvent.sample(type: "subscription.on_hold", now: now)["data"]?["status"] == .string("on_hold"))
    #expect(try WebhookEvent.sample(type: "subscription.renewed", now: now)["data"]?["status"] == .string("active"))
    #expect(
      try WebhookEvent.sample(type: "dispute.won", now: now)["data"]?["dispute_status"] == .string("dispute_won"))
    #expect(try WebhookEvent.sample(type: "refund.failed", now: now)["data"]?["status"] == .string("failed"))
  }

  /// The values the SDK's enums take for the events that name no status of their own.
  @Test func theNewerEventsUseTheSDKsEnums() throws {
    func data(_ type: String, _ field: String) throws -> JSONValue? {
      try WebhookEvent.sample(type: type, now: now)["data"]?[field]
    }
    #expect(try data("subscription.past_due", "status") == .string("past_due"))
    #expect(try data("subscription.unpaused", "status") == .string("active"))
    #expect(try data("dispute.expired", "dispute_stage") == .string("dispute"))
    #expect(try data("dispute.expired", "dispute_status") == .string("dispute_expired"))
    #expect(try data("payout.created", "status") == .string("not_initiated"))
    #expect(try data("credit.added", "transaction_type") == .string("credit_added"))
    #expect(try data("credit.rollover_forfeited", "transaction_type") == .string("rollover_forfeited"))
    #expect(try data("entitlement_grant.delivered", "status") == .string("Delivered"))
    #expect(try data("abandoned_checkout.recovered", "status") == .string("recovered"))
    #expect(try data("dunning.started", "status") == .string("recovering"))
  }

  @Test func unknownTypesAreRefused() {
    #expect(throws: WebhookEventError.unknownType("payment.done")) {
      try WebhookEvent.sample(type: "payment.done", now: now)
    }
    #expect("\(WebhookEventError.unknownType("x"))".contains("payment.succeeded"))
  }

  @Test func assignmentsApplyInOrderOverTheGivenData() throws {
    let event = try WebhookEvent.sample(
      type: "payment.succeeded", now: now, data: .object([.init("note", .string("given"))]),
      setting: ["note=first", "note=second", "extra=1"])
    #expect(event["data"]?["note"] == .string("second"))
    #expect(event["data"]?["extra"] == .number("1"))
    #expect(event["data"]?["payment_id"] == nil)
    #expect(throws: WebhookEventError.badAssignment("no-equals")) {
      try WebhookEvent.sample(type: "payment.succeeded", now: now, data: nil, setting: ["no-equals"])
    }
  }

  @Test func setOverridesTypedValues() throws {
    var event = try WebhookEvent.sample(type: "payment.succeeded", now: now)
    event = try WebhookEvent.setting("data.payment_id=pay_1", in: event)
    event = try WebhookEvent.setting("total_amount=500", in: event)
    event = try WebhookEvent.setting("customer.email=bob@example.com", in: event)
    event = try WebhookEvent.setting("subscription_id=sub_9", in: event)
    event = try WebhookEvent.setting("error_code=null", in: event)
    event = try WebhookEvent.setting("metadata.trial=true", in: event)
    event = try WebhookEvent.setting("card_last_four=\"0042\"", in: event)
    event = try WebhookEvent.setting("product_cart.0.quantity=3", in: event)
    event = try WebhookEvent.setting("note=a=b", in: event)
    event = try WebhookEvent.setting("business_id=bus_2", in: event)
    let data = try #require(event["data"])
    #expect(data["payment_id"] == .string("pay_1"))
    #expect(data["total_amount"] == .number("500"))
    #expect(data["customer"]?["email"] == .string("bob@example.com"))
    #expect(data["subscription_id"] == .string("sub_9"))
    #expect(data["error_code"] == .null)
    #expect(data["metadata"]?["trial"] == .bool(true))
    #expect(data["card_last_four"] == .string("0042"))
    #expect(data["note"] == .string("a=b"))
    guard case .array(let cart) = data["product_cart"] else {
      Issue.record("no cart")
      return
    }
    #expect(cart[0]["quantity"] == .number("3"))
    #expect(event["business_id"] == .string("bus_2"))
  }

  @Test func badAssignmentsAreRefused() throws {
    let event = try WebhookEvent.sample(type: "payment.succeeded", now: now)
    #expect(throws: WebhookEventError.badAssignment("payment_id")) { try WebhookEvent.setting("payment_id", in: event) }
    #expect(throws: WebhookEventError.badAssignment("a..b=1")) { try WebhookEvent.setting("a..b=1", in: event) }
    #expect(throws: WebhookEventError.notAContainer("status.x=1")) { try WebhookEvent.setting("status.x=1", in: event) }
    #expect(throws: WebhookEventError.notAContainer("product_cart.9.quantity=1")) {
      try WebhookEvent.setting("product_cart.9.quantity=1", in: event)
    }
  }

  @Test func dataReplacesTheSample() throws {
    let data = JSONValue.object([.init("payload_type", .string("Payment")), .init("payment_id", .string("pay_x"))])
    let event = try WebhookEvent.sample(type: "payment.succeeded", now: now, data: data)
    #expect(event["data"] == data)
  }
}
