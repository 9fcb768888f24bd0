import Foundation
import Testing

@testable import DodoCLI

/// `explain-status --redact` hides what the reader reads: the email and license keys as the
/// reader splits the query (at `&`, up to `#`), wherever the input's wrapping, blanks or a `;`
/// would move a parameter's start or end. (The redaction itself: `SupportTests` in
/// DodoCheckoutTests.)
@Suite struct ExplainRedactionTests {
  /// Parts of the secrets below that must never show.
  static let secrets = ["annieZ", "bobZ", "SECRETKEY", "KEYTAIL"]

  @Test(
    "no part of an email's local part or of a license key shows, in JSON or text",
    arguments: [
      "<myapp://r?status=failed&email=annieZ@example.com&license_key=SECRETKEY>",
      "\"status=failed&email=annieZ@example.com&license_key=SECRETKEY\"",
      "'email=annieZ@example.com&license_key=SECRETKEY'",
      "<email=annieZ@example.com>",
      "<'email=annieZ@example.com&license_key=SECRETKEY'>",
      "myapp://r?email=annieZ;bobZ@example.com&license_key=SECRETKEY;KEYTAIL",
      "myapp://r?x=1;license_key=SECRETKEY&email=annieZ@example.com;bobZ",
      "myapp://r?email=annieZ@bobZ;example.com&license_key=SECRETKEY?KEYTAIL",
      "myapp://r?license_key=SECRETKEY&amp;email=annieZ@example.com#license_key=KEYTAIL",
    ])
  func nothingLeaks(_ input: String) throws {
    for arguments in [["explain-status", "--redact", "--json", input], ["explain-status", "--redact", input]] {
      let run = try CommandRunner().run(arguments)
      #expect(run.status == 0, "\(run)")
      for secret in Self.secrets { #expect(!run.stdout.contains(secret), "\(secret) in \(run.stdout)") }
    }
  }

  @Test("the email's first character and domain stay, whatever wraps the input")
  func emailKeepsItsDomain() throws {
    for input in [
      "<email=annieZ@example.com>", "'email=annieZ@example.com'", "myapp://r?email=annieZ;bobZ@example.com",
    ] {
      let run = try CommandRunner().run(["explain-status", "--redact", "--json", input])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      #expect((object["result"] as? [String: Any])?["customerEmail"] as? String == "a***@example.com", "\(input)")
    }
  }
}
