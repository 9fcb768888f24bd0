import DodoAccount
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `dodo license` in-process: its inputs checked with their exit statuses, no key needed
/// (and none looked for), the key read from standard input and never shown whole.
@Suite struct LicenseCommandTests {
  static let key = "KEY1-AAAA-BBBB-ZZ99"
  let runner: CommandRunner
  let transport = InMemoryTransport([
    "/licenses/activate": .json(
      201,
      #"{"id":"lki_5","business_id":"b","created_at":"2026-01-01T00:00:00Z","license_key_id":"lic_1","name":"n","product":{"product_id":"pdt_1","name":"App \u001b[31m"},"customer":{"customer_id":"c","name":"n","email":"e@x.com"}}"#
    ),
    "/licenses/validate": .json(200, #"{"valid":true}"#),
  ])

  init() throws {
    runner = try CommandRunner()
    runner.transport = transport
    runner.environment["DODO_STATE_DIR"] = runner.scratch + "/state"
  }

  @Test("no key is needed, and a profile's api_key_command is never run for a license")
  func noKeyNeeded() throws {
    let config = try runner.file(
      "config.yaml",
      "profiles:\n  default:\n    api_key_command: \(runner.scratch)/never-run\n    license_app: com.example.app\n")
    runner.environment["DODO_CONFIG"] = config
    let output = try runner.run(["license", "activate", "-", "--name", "box", "--json"], stdin: Self.key + "\r\n")
    #expect(output.status == 0, "\(output)")
    #expect(!output.stdout.contains(Self.key) && !output.stderr.contains(Self.key))
    #expect(FileManager.default.fileExists(atPath: runner.scratch + "/state/licenses/com.example.app/\(Self.key).json"))
    #expect(transport.requests.allSatisfy { request in !request.headers.contains { $0.name == "Authorization" } })
    #expect(
      String(decoding: transport.requests[0].body, as: UTF8.self) == #"{"license_key":"\#(Self.key)","name":"box"}"#)
  }

  @Test("text from Dodo is shown escaped")
  func escaped() throws {
    let output = try runner.run(["license", "activate", Self.key, "--name", "box"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("  product:       pdt_1 (App \\x1b[31m)\n"))
  }

  @Test(arguments: [
    (["license", "activate", "--app", "../x", "K-1"], "invalid app id '../x'"),
    (["license", "validate", "--grace", "3651"], "invalid value '3651' for '--grace'"),
    (["license", "validate", "--grace", "-1"], "invalid value '-1' for '--grace'"),
    (["license", "activate", "K\u{1B}[2J"], "the license key holds a space, a control character"),
    (["license", "activate", "-"], "standard input holds no license key"),
    (["license", "activate", "K-1", "--name", ""], "--name must be non-empty text"),
    (["license", "validate"], "no license is activated on this machine for app 'dodo': give the KEY"),
    (["license", "deactivate", "K-1234567890"], "K-1…890 is not activated on this machine"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let output = try runner.run(arguments)
    #expect(output.status == 64, "\(output)")
    #expect(output.stderr.contains("Error: " + message), "\(output)")
    #expect(transport.requests.isEmpty)
  }

  @Test("a profile's license_app that is not one is a configuration error")
  func badProfileApp() throws {
    runner.environment["DODO_CONFIG"] = try runner.file("config.yaml", "profiles:\n  default:\n    license_app: a/b\n")
    let output = try runner.run(["license", "status"])
    #expect(output.status == 78, "\(output)")
    #expect(output.stderr.contains("license_app"))
  }
}
