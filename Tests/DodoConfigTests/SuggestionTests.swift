import DodoConfig
import Testing

@Suite("Did you mean: one rule for keys, profiles and commands")
struct SuggestionTests {
  static let words = ["return_url", "browser", "timeout", "start", "explain-status", "help"]

  @Test(
    "a near miss, a swap or a clear prefix is suggested; anything else is not",
    arguments: [
      ("retrun_url", "return_url"),
      ("strat", "start"),
      ("browsr", "browser"),
      ("explain", "explain-status"),
      ("time", "timeout"),
      ("hlep", "help"),
      ("xyz", nil),
      ("profiles", nil),
      ("ex", nil),
    ] as [(String, String?)])
  func suggestion(_ typed: String, _ expected: String?) {
    #expect(Suggestion.nearest(to: typed, in: Self.words) == expected)
  }
}
