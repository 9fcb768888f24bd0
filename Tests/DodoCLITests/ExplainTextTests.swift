import Testing

@testable import DodoCLI

/// `explain-status`'s one text writer writes a field's value in place and lays it out again
/// only when the word-wrap would change it: at the edge of the width, and with spaces at its
/// ends or doubled, what it writes is what `ExplainText.field` (the wrap) makes.
@Suite struct ExplainTextTests {
  @Test(
    "a field in place is the field wrapped",
    arguments: [
      ("a=" + String(repeating: "x", count: 56) + "&b=y", "a=" + String(repeating: "x", count: 56) + " b=y"),
      ("a=" + String(repeating: "x", count: 57) + "&b=y", "a=" + String(repeating: "x", count: 57) + " b=y"),
      ("a=" + String(repeating: "x", count: 58) + "&b=y", "a=" + String(repeating: "x", count: 58) + " b=y"),
      ("a=" + String(repeating: "x", count: 120), "a=" + String(repeating: "x", count: 120)),
      ("a=x%20%20y&b=z", "a=x  y b=z"), ("a=%20x", "a= x"), ("a=x%20", "a=x "), ("a=%20", "a= "),
      ("a=caf%C3%A9&b=" + String(repeating: "é", count: 60), "a=café b=" + String(repeating: "é", count: 60)),
      ("a=%1b%5b31m&b=%E2%80%AE", "a=\\x1b[31m b=\\u202e"),
    ])
  func otherField(_ query: String, _ value: String) throws {
    let run = try CommandRunner().run(["explain-status", "myapp://r?status=failed&payment_id=pay_1&" + query])
    let other = try #require(run.stdout.range(of: "  Other:"))
    #expect(String(run.stdout[other.lowerBound...]) == ExplainText.field("Other", value))
  }

  @Test("license keys too long for one line wrap under the first")
  func licenseKeys() throws {
    let keys = (1...12).map { "KEY-\($0)" }
    let query = keys.map { "license_key=\($0)" }.joined(separator: "&")
    let run = try CommandRunner().run(["explain-status", "myapp://r?status=succeeded&payment_id=pay_1&" + query])
    let field = try #require(run.stdout.range(of: "  License keys:"))
    #expect(String(run.stdout[field.lowerBound...]) == ExplainText.field("License keys", keys.joined(separator: ", ")))
    #expect(run.stdout.hasSuffix("KEY-12\n") && run.stdout.contains("\n                 KEY-"))
  }
}
