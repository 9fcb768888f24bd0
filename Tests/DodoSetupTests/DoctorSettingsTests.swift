import DodoConfig
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoSetup

/// doctor's checks of the config files and of the return URL the settings give.
@Suite struct DoctorSettingsTests {
  let home = TemporaryDirectory()
  var environment: [String: String] {
    ["HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"), "XDG_CONFIG_DIRS": home.sub("etc-xdg")]
  }

  @Test("no config file is a note, and the settings are the built-in ones")
  func noConfig() throws {
    let (findings, settings) = DoctorSettings.configuration(
      configFlag: nil, profileFlag: nil, returnURL: nil, environment: environment)
    #expect(findings.map(\.outcome) == [.note])
    #expect(
      findings.first?.message
        == "no config file (\(home.sub("config"))/dodo/config.yaml, \(home.sub("etc-xdg"))/dodo/config.yaml)")
    #expect(try #require(settings).returnURL.source == .builtIn)
  }

  @Test("a config file open to others is one problem, with chmod as the fix, and no settings")
  func refusedFile() throws {
    let file = try home.write("config/dodo/config.yaml", "profiles: {}\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
    let (findings, settings) = DoctorSettings.configuration(
      configFlag: nil, profileFlag: nil, returnURL: nil, environment: environment)
    #expect(findings.count == 1)
    #expect(findings.first?.outcome == .problem)
    #expect(findings.first?.message.hasPrefix("the config file \(file) is refused: it is writable") == true)
    #expect(findings.first?.fix == "chmod go-w \(file) (and its directory), and make it yours")
    #expect(settings == nil)
  }

  @Test("a file named by --config that does not exist is a problem; an unknown profile is one too")
  func missingFileAndUnknownProfile() throws {
    let missing = home.sub("none.yaml")
    let (findings, _) = DoctorSettings.configuration(
      configFlag: missing, profileFlag: nil, returnURL: nil, environment: environment)
    #expect(findings.map(\.outcome) == [.problem])
    #expect(findings.first?.message == "the config file \(missing) (--config) does not exist")
    let file = try home.write("config/dodo/config.yaml", "profiles:\n  p: {}\n")
    let (unknown, settings) = DoctorSettings.configuration(
      configFlag: nil, profileFlag: "q", returnURL: nil, environment: environment)
    #expect(unknown.map(\.outcome) == [.ok, .problem])
    #expect(unknown.first?.message.hasPrefix("the config file \(file) belongs to ") == true)
    #expect(unknown.last?.fix == "dodo validate shows where; see dodo-config(5)")
    #expect(settings == nil)
  }

  @Test("the return URL comes from the flag through the settings, and a bad one names where it is set")
  func returnURL() throws {
    let (_, settings) = DoctorSettings.configuration(
      configFlag: nil, profileFlag: nil, returnURL: "not a url", environment: environment)
    let (findings, url) = DoctorSettings.route(
      settings, returnURL: "not a url", environment: environment, executable: nil)
    #expect(url == nil)
    #expect(findings.map(\.check) == ["return-url"])
    #expect(findings.first?.message.hasPrefix("the return URL is not valid: ") == true)
    #expect(findings.first?.fix == "fix it where it is set (--return-url)")
  }

  @Test("no return URL anywhere is a note (a fresh install has none) naming the three ways to set one")
  func noReturnURL() {
    let (findings, url) = DoctorSettings.route(
      nil, returnURL: nil, environment: ["DODO_RETURN_URL": ""], executable: nil)
    #expect(url == nil)
    #expect(findings.map(\.outcome) == [.note])
    #expect(findings.first?.message == "no return URL to check: none is set for dodo start")
  }

  @Test("without settings, $DODO_RETURN_URL is checked, and a valid one is returned for the round trip")
  func environmentReturnURL() {
    let text = "http://127.0.0.1:53682/return"
    let (findings, url) = DoctorSettings.route(
      nil, returnURL: nil, environment: ["DODO_RETURN_URL": text], executable: nil)
    #expect(url?.scheme == "http")
    #expect(!findings.isEmpty)
    #expect(!findings.contains { $0.check == "return-url" && $0.outcome == .problem })
  }

  @Test("where start opens no browser (SSH, no display), a missing opener is a note, not a problem")
  func noBrowserNeeded() {
    let text = "http://127.0.0.1:53682/return"
    let browser = { (environment: [String: String]) in
      DoctorSettings.route(nil, returnURL: text, environment: environment, executable: nil).0.first {
        $0.check == "browser"
      }
    }
    let remote = browser(["PATH": "/nonexistent", "SSH_CONNECTION": "10.0.0.1 22 10.0.0.2 22", "DISPLAY": ":0"])
    #expect(remote?.outcome == .note)
    #expect(remote?.message.contains("an SSH session") == true, "\(remote?.message ?? "")")
    #if os(Linux)
      #expect(browser(["PATH": "/nonexistent"])?.outcome == .note)
      #expect(browser(["PATH": "/nonexistent", "DISPLAY": ":0"])?.outcome == .problem)
    #endif
  }
}
