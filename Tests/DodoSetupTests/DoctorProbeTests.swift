import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoSetup

#if os(Linux)
  private let doctorAsksXDG = true
#else
  private let doctorAsksXDG = false
#endif

/// The programs doctor asks (`xdg-mime`, `xdg-settings`, `xdg-open`): never given dodo's
/// secrets, never waited for without end, and never asked to open a web page.
@Suite(.enabled(if: doctorAsksXDG, "xdg-mime and xdg-settings are asked on Linux only"))
struct DoctorProbeTests {
  let home = TemporaryDirectory()

  var environment: [String: String] {
    [
      "HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"), "XDG_CONFIG_DIRS": home.sub("etc-xdg"),
      "XDG_DATA_HOME": home.sub("data"), "XDG_DATA_DIRS": home.sub("share"), "PATH": home.sub("bin") + ":/usr/bin:/bin",
      "DODO_PAYMENTS_API_KEY": "sk_probe_key", "DODO_PAYMENTS_WEBHOOK_KEY": "whsec_probe_secret",
      // A display: without one doctor asks for no default browser, since none would be opened.
      "DISPLAY": ":0",
    ]
  }

  /// Fake `xdg-mime`, `xdg-settings` and `xdg-open`, each running `body` (`$0` is its path).
  func programs(_ body: String) throws {
    for name in ["xdg-mime", "xdg-settings", "xdg-open"] {
      try home.writeProgram("bin/\(name)", "#!/bin/sh\n\(body)\n")
    }
  }

  func checklist(_ returnURL: String, roundTrip: Bool = false, probeLimit: DoctorProbeLimit = DoctorProbeLimit())
    throws -> DoctorChecklist
  {
    let places = ["DODO_STATE_DIR": home.sub("state"), "DODO_RUNTIME_DIR": home.sub("run")]
    let directories = try DodoDirectories.resolve(environment: { places[$0] }, home: home.path)
    return DoctorChecklist(
      configFlag: nil, profileFlag: nil, returnURL: returnURL, roundTrip: roundTrip, environment: environment,
      executable: nil, directories: .success(directories), probeLimit: probeLimit)
  }

  @Test("the probes run without DODO_PAYMENTS_API_KEY and DODO_PAYMENTS_WEBHOOK_KEY")
  func noSecrets() throws {
    try programs(#"env > "$0.env"; echo firefox.desktop"#)
    _ = try checklist("myapp://checkout/return")
    for name in ["xdg-mime", "xdg-settings"] {
      let seen = try String(contentsOfFile: home.sub("bin/\(name).env"), encoding: .utf8)
      #expect(seen.contains("HOME="), "\(name) did not run")
      #expect(!seen.contains("DODO_PAYMENTS") && !seen.contains("probe_"), "\(name): \(seen)")
    }
  }

  @Test("a probe that hangs is stopped at its limit, and doctor goes on")
  func hangingProbes() throws {
    try programs("exec sleep 8")
    let clock = ContinuousClock()
    let start = clock.now
    let list = try checklist(
      "myapp://checkout/return", probeLimit: DoctorProbeLimit(each: .milliseconds(200), all: .milliseconds(300)))
    #expect(clock.now - start < .seconds(7))
    let messages = list.findings.map(\.message)
    #expect(messages.contains { $0.contains("xdg-mime") && $0.contains("did not answer") }, "\(messages)")
    #expect(messages.contains { $0.contains("xdg-settings did not answer") }, "\(messages)")
  }

  @Test(
    "--round-trip does not open a web return URL",
    arguments: ["https://shop.example.com/return", "http://shop.example.com/r"])
  func webReturnURL(_ url: String) throws {
    try programs(#"touch "$0.ran"; echo firefox.desktop"#)
    let list = try checklist(url, roundTrip: true)
    #expect(!FileManager.default.fileExists(atPath: home.sub("bin/xdg-open.ran")))
    let trip = list.findings.filter { $0.check == "round-trip" }
    #expect(trip.count == 1 && trip.first?.outcome == .note, "\(trip)")
    #expect(trip.first?.message.contains("not tried") == true)
  }
}
