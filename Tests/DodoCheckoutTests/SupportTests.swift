import DodoBytes
import DodoCheckout
import Testing

/// The support knowledge (`explain-status`'s, shared with the library): what a status means,
/// which warnings an input deserves, redaction, and the counting of a stream of readings.
@Suite("Support: explaining a customer's return")
struct SupportTests {
  @Test(
    "each status has its explanation, compared ignoring case",
    arguments: [
      ("succeeded", StatusExplanation.paid), ("SUCCEEDED", .paid), ("active", .subscriptionActive),
      ("failed", .declined), ("expired", .expired), ("processing", .processing),
      ("requires_customer_action", .customerAction), ("requires_payment_method", .paymentMethod),
      ("requires_capture", .requiresSomething), ("requires_", .unrecognized), ("cancelled", .cancelled),
      ("bogus", .unrecognized), ("", .empty), ("CanCelled", .cancelled), ("AcTiVe", .subscriptionActive),
      ("FAILED", .declined), ("Expired", .expired), ("succeedeD", .paid), ("ucceeded", .unrecognized),
      ("succeedes", .unrecognized), ("cancelle", .unrecognized), ("xancelled", .unrecognized),
      ("activ\u{E9}", .unrecognized), ("failed ", .unrecognized), ("expire", .unrecognized),
      ("requires_x", .requiresSomething), ("Requires_Payment_Method", .paymentMethod),
      ("requires_payment_methoD", .paymentMethod), ("requires_payment_metho", .requiresSomething),
      ("requires_customer_actioN", .customerAction), ("requires_customer_actiox", .requiresSomething),
      ("PROCESSING", .processing), ("processinG", .processing), ("processinx", .unrecognized),
    ] as [(String, StatusExplanation)])
  func explanation(_ status: String, _ expected: StatusExplanation) {
    #expect(StatusExplanation.of(status) == expected)
  }

  @Test("no status is unknown; a success is a subscription's, or unnamed, as the reading says")
  func givenTheReading() {
    #expect(StatusExplanation.of(nil as String?) == .missing)
    #expect(StatusExplanation.paid.given(subscription: true, unconfirmed: false) == .subscriptionActive)
    #expect(StatusExplanation.paid.given(subscription: false, unconfirmed: true) == .paidUnnamed)
    #expect(StatusExplanation.paid.given(subscription: false, unconfirmed: false) == .paid)
    #expect(StatusExplanation.declined.given(subscription: true, unconfirmed: true) == .declined)
  }

  @Test("a pending or unknown outcome is never told to the customer as a failure")
  func reconcileNeverSaysFailed() {
    for explanation in [StatusExplanation.processing, .customerAction, .missing, .empty, .unrecognized, .cancelled] {
      #expect(explanation.nextStep.contains("o not tell"), "\(explanation)")
    }
    // The texts go into JSON as they stand: no quote or backslash.
    for explanation in StatusExplanation.allCases {
      let texts = explanation.meaning + explanation.nextStep
      #expect(!texts.contains("\"") && !texts.contains("\\"), "\(explanation)")
    }
  }

  @Test(
    "each input gets the warnings its shape deserves",
    arguments: [
      ("myapp://checkout/return?status=succeeded&payment_id=pay_1", InputWarnings()),
      ("<myapp://r?status=failed>", .angleBrackets), ("\"status=failed\"", .quotes),
      ("'<status=failed>'", [.quotes, .angleBrackets]),
      ("myapp://r?status=failed&amp;payment_id=pay_1", .htmlAmpersand),
      ("myapp.com/return?status=failed", .noScheme),
      ("https://checkout.dodopayments.com/buy/pdt_1?status=failed", .checkoutPage),
      ("https://test.checkout.dodopayments.com/x?status=failed", .checkoutPage),
      ("https://notcheckout.dodopayments.com/x?status=failed", InputWarnings()),
      ("cks_123", .idAsStatus), ("status=PAY_1", .idAsStatus), ("status=pa%79_1", .idAsStatus),
      ("myapp://r?status=succeeded", .unconfirmed), ("status=succeeded", .unconfirmed),
      ("succeeded", InputWarnings()), ("myapp://r?status=failed", InputWarnings()),
      ("myapp://r?status=failed&note=100%", .unreadableQuery),
    ] as [(String, InputWarnings)])
  func warnings(_ input: String, _ expected: InputWarnings) throws {
    #expect(try ReturnInput.read(input).warnings == expected)
  }

  @Test("a bare status value is read as status=VALUE; what is none of the three shapes is not read")
  func shapes() throws {
    let read = try ReturnInput.read("requires_customer_action")
    #expect(read.result.status == .pending)
    #expect(read.result.rawStatus == "requires_customer_action")
    #expect(try ReturnInput.read("myapp://r?status=failed&payment_id=pay_1").result.paymentId == "pay_1")
    for input in ["not a url", "myapp:/no-host?status=failed", "status=a b"] {
      #expect(throws: CheckoutError.self, "\(input)") { try ReturnInput.read(input) }
    }
  }

  @Test("every warning has a text, a unique summary name and a label, and every bit is one")
  func everyWarningIsDescribed() {
    let entries = InputWarnings.entries
    #expect(entries.count == 8)
    #expect(Set(entries.map(\.warning.rawValue)).count == 8)
    #expect(Set(entries.map { $0.name.description }).count == 8)
    for bit in 0..<8 {
      let warning = InputWarnings(rawValue: 1 << bit)
      #expect(warning.texts.count == 1, "bit \(bit)")
    }
    #expect(InputWarnings([.unconfirmed, .angleBrackets]).texts.first?.contains("<…>") == true)
  }

  @Test(
    "redaction hides the email's local part and license keys, wherever they stand",
    arguments: [
      ("myapp://r?status=failed&email=annie%40example.com", "myapp://r?status=failed&email=a***%40example.com"),
      ("<email=annie@example.com&license_key=K1>", "<email=a***@example.com&license_key=[redacted]>"),
      ("myapp://r?em%61il=annie@example.com", "myapp://r?em%61il=a***@example.com"),
      ("myapp://r?email=annie", "myapp://r?email=[redacted]"),
      ("myapp://r?email=.annie@example.com", "myapp://r?email=****@example.com"),
      (
        "myapp://r?x=1;customer_EMAIL=annie@x.com#license_key=K",
        "myapp://r?x=1;customer_EMAIL=a***@x.com#license_key=[redacted]"
      ),
      ("myapp://r?status=failed&payment_id=pay_1", "myapp://r?status=failed&payment_id=pay_1"),
    ])
  func redaction(_ input: String, _ expected: String) {
    #expect(InputRedaction.redacted(input) == expected)
  }

  @Test(
    "the start of a line too long to read, leading tab or <…> and all, is redacted",
    arguments: [
      "\temail=annieZ@example.com&license_key=SECRETKEY&x=",
      "  <email=annieZ@example.com&license_key=SECRETKEY&x=",
      "\"license_key=SECRETKEY&email=annieZ@example.com&x=",
    ])
  func redactedStart(_ start: String) {
    let line = Array((start + String(repeating: "y", count: 200)).utf8)
    let shown = line.withBytes { InputRedaction.redacted($0) } ?? line
    let text = String(decoding: shown, as: UTF8.self)
    for secret in ["annieZ", "SECRETKEY"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
  }

  @Test("the tally counts inputs per status, undecodable ones, and each warning")
  func tally() throws {
    var tally = StatusTally()
    for input in ["myapp://r?status=succeeded&payment_id=pay_1", "failed", "<myapp://r?status=succeeded>", "cks_1"] {
      let read = try ReturnInput.read(input)
      tally.add(read.result.status, read.warnings)
    }
    tally.addUndecodable()
    #expect(tally.inputs == 5)
    #expect(tally.count(of: .succeeded) == 2 && tally.failed == 1 && tally.pending == 1 && tally.undecodable == 1)
    #expect(tally.count(of: .unconfirmed) == 1 && tally.count(of: .angleBrackets) == 1)
    #expect(tally.warnings.map { $0.entry.name.description } == ["angle_brackets", "id_as_status", "unconfirmed"])
  }
}
