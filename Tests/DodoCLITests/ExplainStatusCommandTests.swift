import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `dodo explain-status`, in-process: each input's reading in JSON and in text, from the
/// arguments and from standard input, and the errors.
@Suite struct ExplainStatusCommandTests {
  /// Runs `dodo ARGUMENTS` in-process, with `stdin` (small enough for a pipe's buffer).
  static func run(_ arguments: [String], stdin: String = "") throws -> CommandRunner.Output {
    try CommandRunner().run(arguments, stdin: stdin)
  }

  @Test("a return URL in JSON: every key, null when absent, raw in order")
  func returnURLAsJSON() throws {
    let run = try Self.run(["explain-status", "--json", "myapp://checkout/return?status=succeeded&payment_id=pay_1"])
    expectOutcome(
      run, status: 0,
      stdout: """
        {"input":"myapp://checkout/return?status=succeeded&payment_id=pay_1","result":{"status":"succeeded","paymentId":"pay_1","subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{"status":"succeeded","payment_id":"pay_1"}},"rawStatus":"succeeded","meaning":"The customer completed a one-time payment.","nextStep":"Confirm it on the backend (the payment.succeeded webhook or Get Payment Detail with the payment ID) before granting access: the return URL alone is not proof of payment."}

        """)
  }

  @Test(
    "the three kinds of input decode alike",
    arguments: [
      "https://myapp.com/done?status=requires_customer_action",
      "status=requires_customer_action",
      "?status=requires_customer_action",
      "requires_customer_action",
      "  requires_customer_action\t",
    ])
  func kindsOfInput(_ input: String) throws {
    let run = try Self.run(["--json", "explain-status", input])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let result = object["result"] as! [String: Any]
    #expect(result["status"] as? String == "pending")
    #expect(object["rawStatus"] as? String == "requires_customer_action")
    #expect((object["meaning"] as? String)?.contains("3-D Secure") == true)
    #expect((object["nextStep"] as? String)?.hasPrefix("Do not tell the customer the payment failed.") == true)
  }

  @Test("fields: license keys in order, + is literal, last repeated name wins, empty is null")
  func fields() throws {
    let url =
      "myapp://r?status=active&subscription_id=sub_1&license_key=A&license_key=&license_key=B&email=a+b%40x.com&payment_id=&status=ACTIVE&flag&y==z"
    let run = try Self.run(["explain-status", "--json", url])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let result = object["result"] as! [String: Any]
    #expect(result["status"] as? String == "succeeded")
    #expect(result["subscriptionId"] as? String == "sub_1")
    #expect(result["licenseKeys"] as? [String] == ["A", "B"])
    #expect(result["customerEmail"] as? String == "a+b@x.com")
    #expect(result["paymentId"] is NSNull)
    let raw = result["raw"] as! [String: String]
    #expect(
      raw == [
        "status": "ACTIVE", "subscription_id": "sub_1", "license_key": "B", "email": "a+b@x.com", "payment_id": "",
        "flag": "", "y": "=z",
      ])
    #expect(object["rawStatus"] as? String == "ACTIVE")
  }

  @Test(
    "quotes, backslashes and other than ASCII in an input come out as valid JSON",
    arguments: [
      #"status=a"b\c&email=caf%C3%A9"#, "status=é&email=x\\y", #"myapp://r?status="quoted"&payment_id=p\1"#,
    ])
  func escapedInput(_ input: String) throws {
    let run = try Self.run(["explain-status", "--json", "-"], stdin: input + "\n")
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    #expect(object["input"] as? String == input)
    let expected =
      try JSONSerialization.jsonObject(
        with: Data(Self.run(["explain-status", "--json", input]).stdout.utf8)) as! [String: Any]
    #expect(NSDictionary(dictionary: object) == NSDictionary(dictionary: expected))
  }

  @Test("a missing status is pending, and rawStatus is null")
  func missingStatus() throws {
    let run = try Self.run(["explain-status", "--json", "myapp://checkout/return?payment_id=pay_2"])
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""status":"pending""#))
    #expect(run.stdout.contains(#""rawStatus":null"#))
  }

  @Test("an input that cannot be decoded gets its error object, the rest go on, exit 1")
  func undecodableInput() throws {
    let run = try Self.run(["explain-status", "--json", "failed", "myapp:/x?status=succeeded", "expired"])
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].contains(#""status":"failed""#))
    #expect(
      lines[1]
        == #"{"input":"myapp:/x?status=succeeded","error":{"code":"INVALID_RETURN_URL","message":"invalid return URL: it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return?status=succeeded'"}}"#
    )
    #expect(lines[2].contains(#""status":"expired""#))
  }

  @Test("text output for a support person")
  func textOutput() throws {
    let run = try Self.run(["explain-status", "myapp://checkout/return?status=failed&payment_id=pay_9&email=c%40d.com"])
    expectOutcome(
      run, status: 0,
      stdout: """
        myapp://checkout/return?status=failed&payment_id=pay_9&email=c%40d.com
          Result:        failed (status=failed)
          Meaning:       The payment was declined; this attempt charged nothing.
          Next step:     The customer can try again, with another payment method if the
                         card was refused. Confirm with the payment.failed webhook if in
                         doubt.
          Payment:       pay_9
          Email:         c@d.com

        """)
  }

  @Test("text output shows decoded controls and bidi overrides escaped, never raw")
  func textOutputEscapesControls() throws {
    let input =
      "myapp://r?status=fail%1b%5b2Jed&payment_id=pay_%07%0d1&email=a%E2%80%AEb%00%0a&x=%1b]0;t\nbad\u{1B}]0;x\n"
    let run = try Self.run(["explain-status", "-"], stdin: input)
    expectOutcome(
      run, status: 1,
      stdout: #"""
        myapp://r?status=fail%1b%5b2Jed&payment_id=pay_%07%0d1&email=a%E2%80%AEb%00%0a&x=%1b]0;t
          Result:        pending (status=fail\x1b[2Jed)
          Meaning:       The status is not one Dodo Payments sends, so the outcome is
                         unknown; it reads as pending.
          Next step:     Do not tell the customer the payment failed. Look up the
                         checkout session or payment on the backend (Get Checkout
                         Session or Get Payment Detail), or wait for the
                         payment.succeeded or payment.failed webhook, and treat it as
                         pending until then.
          Payment:       pay_\x07\r1
          Email:         a\u202eb\x00\n
          Other:         x=\x1b]0;t

        bad\x1b]0;x
          Error:         INVALID_RETURN_URL: invalid return URL: not a return URL, a
                         query string (status=…&…) or a status value (letters, digits,
                         '_' and '-' only)
          Next step:     Ask the customer for the full address the checkout returned to,
                         exactly as shown.

        """#)
  }

  @Test(
    "an input that does not look like a return URL gets a warning beside the SDK's reading",
    arguments: [
      ("https://checkout.dodopayments.com/session/cks_123", "pending", [ExplainWarningText.checkoutPage]),
      ("checkout/return?status=succeeded&payment_id=pay_1", "succeeded", [ExplainWarningText.noScheme]),
      ("myapp.com/return?status=failed", "failed", [ExplainWarningText.noScheme]),
      ("<myapp://r?status=succeeded&payment_id=pay_1>", "succeeded", [ExplainWarningText.angleBrackets]),
      ("\"myapp://r?status=failed\"", "failed", [ExplainWarningText.quotes]),
      ("'status=expired'", "expired", [ExplainWarningText.quotes]),
      ("myapp://r?status=succeeded&amp;payment_id=pay_1", "succeeded", [ExplainWarningText.htmlAmpersand]),
      ("pay_123", "pending", [ExplainWarningText.idAsStatus]),
      ("myapp://r?status=CKS_9&payment_id=pay_1", "pending", [ExplainWarningText.idAsStatus]),
      ("myapp://r?status=succeeded", "succeeded", [ExplainWarningText.unconfirmed]),
      (
        "<status=active&amp;email=a%40b.c>", "succeeded",
        [ExplainWarningText.angleBrackets, ExplainWarningText.htmlAmpersand, ExplainWarningText.unconfirmed]
      ),
      ("succeeded", "succeeded", []),
      ("myapp://r?status=failed", "failed", []),
      ("myapp://r?status=succeeded&subscription_id=sub_1", "succeeded", []),
    ])
  func warnings(_ input: String, _ status: String, _ warnings: [String]) throws {
    let run = try Self.run(["explain-status", "--json", input])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    #expect(object["input"] as? String == input)
    #expect((object["result"] as? [String: Any])?["status"] as? String == status)
    #expect(object["warnings"] as? [String] == (warnings.isEmpty ? nil : warnings))
  }

  @Test("text output: a Warning line per warning, after the result")
  func warningsAsText() throws {
    let run = try Self.run(["explain-status", "<myapp://r?status=succeeded>"])
    expectOutcome(
      run, status: 0,
      stdout: """
        <myapp://r?status=succeeded>
          Result:        succeeded (status=succeeded)
          Warning:       The input was wrapped in <…>; they were removed before reading.
          Warning:       No payment_id or subscription_id: this success cannot be
                         matched to a payment and may be forged.
          Meaning:       The return URL says the payment succeeded, but names no payment
                         or subscription.
          Next step:     Do not grant access on this URL alone: find the payment on the
                         backend (the payment.succeeded or subscription.active webhook,
                         or Get Checkout Session for the customer's session) and confirm
                         it there.

        """)
  }

  @Test("--redact hides the email and license keys everywhere in JSON, the echoed input and raw included")
  func redactJSON() throws {
    let url =
      "myapp://r?status=succeeded&payment_id=pay_1&email=ann%40example.com&license_key=K-1&em%61il=x%40y.z&license_key=K-2#license_key=K-3"
    let run = try Self.run(["explain-status", "--json", "--redact", url])
    expectOutcome(
      run, status: 0,
      stdout: """
        {"input":"myapp://r?status=succeeded&payment_id=pay_1&email=a***%40example.com&license_key=[redacted]&em%61il=x***%40y.z&license_key=[redacted]#license_key=[redacted]","result":{"status":"succeeded","paymentId":"pay_1","subscriptionId":null,"licenseKeys":["[redacted]","[redacted]"],"customerEmail":"x***@y.z","raw":{"status":"succeeded","payment_id":"pay_1","email":"x***@y.z","license_key":"[redacted]"}},"rawStatus":"succeeded","meaning":"The customer completed a one-time payment.","nextStep":"Confirm it on the backend (the payment.succeeded webhook or Get Payment Detail with the payment ID) before granting access: the return URL alone is not proof of payment."}

        """)
  }

  @Test("--redact in text: an email with no @ is hidden whole; ids stay")
  func redactText() throws {
    let run = try Self.run(
      ["explain-status", "--redact", "-"], stdin: "<status=failed&payment_id=pay_2&email=nobody&license_key=ABC>\n")
    expectOutcome(
      run, status: 0,
      stdout: """
        <status=failed&payment_id=pay_2&email=[redacted]&license_key=[redacted]>
          Result:        failed (status=failed)
          Warning:       The input was wrapped in <…>; they were removed before reading.
          Meaning:       The payment was declined; this attempt charged nothing.
          Next step:     The customer can try again, with another payment method if the
                         card was refused. Confirm with the payment.failed webhook if in
                         doubt.
          Payment:       pay_2
          Email:         [redacted]
          License keys:  [redacted]

        """)
  }

  @Test("text output of a stream: the common shapes, with and without the fields each shape has")
  func textOutputStream() throws {
    let input = """
      myapp://r?status=succeeded&payment_id=pay_1&license_key=A&license_key=B
      https://x.y/?status=active&subscription_id=sub_1&email=a%40b.c
      myapp://r?payment_id=pay_2
      myapp://r?status=expired&payment_id=pay_3&note=hi

      """
    let run = try Self.run(["explain-status", "-"], stdin: input)
    expectOutcome(
      run, status: 0,
      stdout: """
        myapp://r?status=succeeded&payment_id=pay_1&license_key=A&license_key=B
          Result:        succeeded (status=succeeded)
          Meaning:       The customer completed a one-time payment.
          Next step:     Confirm it on the backend (the payment.succeeded webhook or Get
                         Payment Detail with the payment ID) before granting access: the
                         return URL alone is not proof of payment.
          Payment:       pay_1
          License keys:  A, B

        https://x.y/?status=active&subscription_id=sub_1&email=a%40b.c
          Result:        succeeded (status=active)
          Meaning:       The customer's subscription is active.
          Next step:     Confirm it on the backend (the subscription.active webhook or
                         Get Subscription with the subscription ID) before granting
                         access: the return URL alone is not proof of payment.
          Subscription:  sub_1
          Email:         a@b.c

        myapp://r?payment_id=pay_2
          Result:        pending (no status)
          Meaning:       The return URL carries no status, so the outcome is unknown; it
                         reads as pending.
          Next step:     Do not tell the customer the payment failed. Look up the
                         checkout session or payment on the backend (Get Checkout
                         Session or Get Payment Detail), or wait for the
                         payment.succeeded or payment.failed webhook, and treat it as
                         pending until then.
          Payment:       pay_2

        myapp://r?status=expired&payment_id=pay_3&note=hi
          Result:        expired (status=expired)
          Meaning:       The checkout session expired before the customer paid.
          Next step:     Nothing was charged on this session. Create a new checkout
                         session for the customer to try again.
          Payment:       pay_3
          Other:         note=hi

        """)
  }

  @Test("text output never colours when not on a terminal")
  func noColourInPipes() throws {
    let run = try Self.run(["explain-status", "succeeded", "bad value!"])
    #expect(run.status == 1)
    #expect(!run.stdout.contains("\u{1B}["))
    #expect(run.stdout.contains("Error:         INVALID_RETURN_URL"))
  }

  @Test("- streams standard input, skipping blank lines, with CRLF endings")
  func streamsStandardInput() throws {
    let input = "status=succeeded\r\n\n   \nmyapp://x/y?status=expired\nprocessing"
    let run = try Self.run(["explain-status", "--json", "-"], stdin: input)
    #expect(run.status == 0)
    let statuses = run.stdout.split(separator: "\n").map { line in
      ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]).flatMap {
        ($0["result"] as? [String: Any])?["status"] as? String
      }
    }
    #expect(statuses == ["succeeded", "expired", "pending"])
  }

  @Test(
    "no input at all is a usage error",
    arguments: [
      ([String](), "missing argument <input>"),
      ([""], "no input: give a return URL, a query string or a status value (or - with lines on standard input)"),
      (["-"], "no input: give a return URL, a query string or a status value (or - with lines on standard input)"),
    ])
  func noInput(_ arguments: [String], _ message: String) throws {
    expectOutcome(
      try Self.run(["explain-status"] + arguments, stdin: "\n\n"), status: 64, stdout: "",
      stderr: """
        Error: \(message)
        Usage: dodo explain-status <input>... [--redact] [--summary]
          See 'dodo explain-status --help'.

        """)
  }

  @Test("- in JSON: a line per input, an input that cannot be decoded as its error, exit 1")
  func standardInputAsJSON() throws {
    expectOutcome(
      try Self.run(["explain-status", "--json", "-"], stdin: "status=failed\nnope!\n"), status: 1,
      stdout: #"""
        {"input":"status=failed","result":{"status":"failed","paymentId":null,"subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{"status":"failed"}},"rawStatus":"failed","meaning":"The payment was declined; this attempt charged nothing.","nextStep":"The customer can try again, with another payment method if the card was refused. Confirm with the payment.failed webhook if in doubt."}
        {"input":"nope!","error":{"code":"INVALID_RETURN_URL","message":"invalid return URL: not a return URL, a query string (status=…&…) or a status value (letters, digits, '_' and '-' only)"}}

        """#,
      stderr: "")
  }

  @Test("a usage error with --json is a JSON error on standard error")
  func usageErrorAsJSON() throws {
    let run = try Self.run(["explain-status", "--json", "--jsno", "x"])
    #expect(run.status == 64)
    #expect(run.stdout == "")
    #expect(
      run.stderr == #"{"error":{"code":"USAGE_ERROR","message":"unknown option '--jsno'. Did you mean '--json'?"}}"#
        + "\n")
  }
}

/// The warnings `explain-status` gives, as a support person reads them.
enum ExplainWarningText {
  static let angleBrackets = "The input was wrapped in <…>; they were removed before reading."
  static let quotes = "The input was wrapped in quotes; they were removed before reading."
  static let htmlAmpersand = "The input held &amp; (HTML, as from an email); each was read as &."
  static let noScheme =
    "This looks like a return URL without its scheme (myapp://…); only its query, after ?, was read."
  static let checkoutPage =
    "This is a Dodo Payments checkout page, not a return URL: ask the customer for the address the checkout returned them to."
  static let idAsStatus =
    "The status looks like an ID (pay_, cks_ or sub_), not a status: an ID was likely pasted in place of the return URL."
  static let unconfirmed =
    "No payment_id or subscription_id: this success cannot be matched to a payment and may be forged."
}
