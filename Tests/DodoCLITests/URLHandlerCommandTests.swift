import DodoTestSupport
import Testing

@testable import DodoCLI

/// `dodo url-handler`, in-process, where it needs no desktop (nor xdg-mime): which return URLs
/// it handles.
@Suite struct URLHandlerCommandTests {
  @Test("no return URL and no --all is a usage error", arguments: ["install", "remove", "status"])
  func noReturnURL(action: String) throws {
    expectOutcome(
      try CommandRunner().run(["url-handler", action]), status: 64, stdout: "",
      stderr: """
        Error: no return URL: set DODO_RETURN_URL or return_url in the profile (or use --all)
        Usage: dodo url-handler \(action) [--all]
          See 'dodo url-handler \(action) --help'.

        """)
  }

  @Test(
    "http and https return URLs need no handler: skipped with a warning, in text and JSON",
    arguments: [
      ("install", #"{"installed":[]}"#), ("remove", #"{"removed":[]}"#), ("status", #"{"schemes":[]}"#),
    ])
  func webReturnURLsAreSkipped(action: String, json: String) throws {
    let runner = try CommandRunner()
    let url = "http://127.0.0.1:5000/r"
    runner.environment["DODO_RETURN_URL"] = url
    let warning = "skipping \(url): http and https need no URL handler (a loopback return is served by dodo start)"
    expectOutcome(
      try runner.run(["url-handler", action]), status: 0, stdout: "", stderr: "dodo: warning: \(warning)\n")
    expectOutcome(
      try runner.run(["--json", "url-handler", action]), status: 0, stdout: json + "\n",
      stderr: #"{"warning":"\#(warning)"}"# + "\n")
  }
}
