import DodoCheckout
import DodoConfig
import DodoTestSupport
import Testing

@testable import DodoSetup

/// The configuration half of `dodo validate`: what it reports of the files and settings, and
/// the first problem in its own kind.
@Suite struct ConfigurationValidationTests {
  let home = TemporaryDirectory()
  var environment: [String: String] { ["XDG_CONFIG_HOME": home.sub("none"), "XDG_CONFIG_DIRS": home.sub("none")] }

  func findings(
    _ yaml: String, returnURLGiven: Bool = false, variables: [String: String] = [:], warnings: inout [String]
  ) throws(SettingProblem) -> [String] {
    let environment = environment.merging(variables) { $1 }
    let (configuration, settings): (Configuration, EffectiveSettings)
    do {
      let config = try home.write("c.yaml", yaml)
      configuration = try Configuration.loadTrusted(configFlag: config, environment: environment)
      settings = try EffectiveSettings(
        configuration: configuration, flags: CommandLineSettings(), environment: environment)
    } catch {
      Issue.record("the config does not load: \(error)")
      return []
    }
    var seen: [String] = []
    defer { warnings = seen }
    return try ConfigurationValidation.findings(
      settings, in: configuration, returnURLGiven: returnURLGiven, warn: { seen.append($0) })
  }

  @Test("each file, the profile, the return URL and the browser command, with where each came from")
  func valid() throws {
    var warnings: [String] = []
    let lines = try findings(
      "profiles:\n  default:\n    return_url: http://127.0.0.1:53682/return\n    browser: firefox %s\n",
      warnings: &warnings)
    #expect(lines.count == 4)
    #expect(lines[0] == "config file: valid (\(home.sub("c.yaml")), 1 profile)")
    #expect(lines[1].hasPrefix("profile: default ("))
    #expect(
      lines[2].hasPrefix("return URL: valid (file \(home.sub("c.yaml")):3:17, loopback: dodo start serves it itself; "))
    #expect(lines[3] == "browser command: valid (file \(home.sub("c.yaml")):4:14)")
    #expect(warnings.isEmpty)
  }

  @Test("no return URL is said, not refused; one given on the command line is not checked here")
  func noReturnURL() throws {
    var warnings: [String] = []
    let lines = try findings("profiles: {}\n", warnings: &warnings)
    #expect(
      lines == [
        "config file: valid (\(home.sub("c.yaml")), 0 profiles)",
        "return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)",
      ])
    #expect(try findings("profiles: {}\n", returnURLGiven: true, warnings: &warnings).count == 1)
  }

  @Test("a custom scheme's advice is given; a bad return URL is the core's error")
  func returnURLs() throws {
    var warnings: [String] = []
    _ = try findings("profiles:\n  default:\n    return_url: myapp://checkout/return\n", warnings: &warnings)
    #expect(warnings.count == 1)
    let problem = #expect(throws: SettingProblem.self) {
      try findings("profiles: {}\n", variables: ["DODO_RETURN_URL": "/relative"], warnings: &warnings)
    }
    guard case .checkout = problem else {
      return #expect(Bool(false), "not a checkout error: \(String(describing: problem))")
    }
  }

  @Test("a profile's browser command that does not split is a configuration error at its line")
  func browserCommand() throws {
    var warnings: [String] = []
    let problem = #expect(throws: SettingProblem.self) {
      try findings("profiles:\n  default:\n    browser: \"firefox 'unclosed\"\n", warnings: &warnings)
    }
    guard case .configuration(let error) = problem else {
      return #expect(Bool(false), "not a configuration error: \(String(describing: problem))")
    }
    #expect(error.located.hasPrefix("\(home.sub("c.yaml")):3:"))
  }
}
