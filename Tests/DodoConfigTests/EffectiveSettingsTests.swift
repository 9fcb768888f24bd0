import DodoCheckout
import Testing

@testable import DodoConfig

/// Flag over environment over profile over default, for every setting `start` uses.
@Suite struct EffectiveSettingsTests {
  static let yaml = """
    default_profile: app
    profiles:
      app:
        return_url: myapp://checkout/return
        browser: profile-browser
        timeout: 900
        customization:
          dismiss_button_style: close
          presentation_style: fullScreen
          bar_collapsing_enabled: false
          color_scheme: dark
      default:
        return_url: https://default.example/return
      other:
        timeout: 1.5
    """

  let configuration: Configuration

  init() throws {
    configuration = try Configuration(files: [ConfigFile(path: "c.yaml", contents: Array(Self.yaml.utf8))])
  }

  private func settings(_ flags: CommandLineSettings = .init(), _ environment: [String: String] = [:]) throws
    -> EffectiveSettings
  {
    try EffectiveSettings(configuration: configuration, flags: flags, environment: environment)
  }

  @Test func profileValuesCarryFileLineAndColumn() throws {
    let s = try settings()
    #expect(s.profile == Setting("app", from: .file(path: "c.yaml", line: 1, column: 18)))
    #expect(s.returnURL == Setting("myapp://checkout/return", from: .file(path: "c.yaml", line: 4, column: 17)))
    #expect(s.browser == Setting("profile-browser", from: .file(path: "c.yaml", line: 5, column: 14)))
    #expect(s.timeout == Setting(900, from: .file(path: "c.yaml", line: 6, column: 14)))
    #expect(s.dismissButtonStyle == Setting(.close, from: .file(path: "c.yaml", line: 8, column: 29)))
    #expect(s.presentationStyle == Setting(.fullScreen, from: .file(path: "c.yaml", line: 9, column: 27)))
    #expect(s.barCollapsingEnabled == Setting(false, from: .file(path: "c.yaml", line: 10, column: 31)))
    #expect(s.colorScheme == Setting(.dark, from: .file(path: "c.yaml", line: 11, column: 21)))
    #expect(
      s.customization
        == BrowserCustomization(
          dismissButtonStyle: .close, presentationStyle: .fullScreen, barCollapsingEnabled: false, colorScheme: .dark))
  }

  @Test func flagsBeatEnvironmentAndProfile() throws {
    let flags = CommandLineSettings(
      returnURL: "flag://r/x", browser: "flag-browser", timeout: 5,
      customization: BrowserCustomization(
        dismissButtonStyle: .done, presentationStyle: .pageSheet, barCollapsingEnabled: true, colorScheme: .light))
    let env = ["DODO_RETURN_URL": "env://r/x", "DODO_BROWSER": "env-browser", "BROWSER": "plain-browser"]
    let s = try settings(flags, env)
    #expect(s.returnURL == Setting("flag://r/x", from: .flag("--return-url")))
    #expect(s.browser == Setting("flag-browser", from: .flag("--browser")))
    #expect(s.timeout == Setting(5, from: .flag("--timeout")))
    #expect(s.dismissButtonStyle == Setting(.done, from: .flag("--dismiss-button-style")))
    #expect(s.presentationStyle == Setting(.pageSheet, from: .flag("--presentation-style")))
    #expect(s.barCollapsingEnabled == Setting(true, from: .flag("--bar-collapsing-enabled")))
    #expect(s.colorScheme == Setting(.light, from: .flag("--color-scheme")))
  }

  @Test func environmentBeatsProfile() throws {
    let s = try settings(.init(), ["DODO_RETURN_URL": "env://r/x", "DODO_BROWSER": "env-browser"])
    #expect(s.returnURL == Setting("env://r/x", from: .environment("DODO_RETURN_URL")))
    #expect(s.browser == Setting("env-browser", from: .environment("DODO_BROWSER")))
  }

  @Test func profileBeatsBROWSERWhichBeatsTheDefault() throws {
    #expect(try settings(.init(), ["BROWSER": "b"]).browser.source == .file(path: "c.yaml", line: 5, column: 14))
    let other = try settings(.init(profile: "other"), ["BROWSER": "b"])
    #expect(other.browser == Setting("b", from: .environment("BROWSER")))
    #expect(try settings(.init(profile: "other")).browser == Setting(nil, from: .builtIn))
  }

  @Test func emptyEnvironmentVariablesAreUnset() throws {
    let s = try settings(.init(), ["DODO_RETURN_URL": "", "DODO_BROWSER": "", "DODO_PROFILE": ""])
    #expect(s.profile.value == "app")
    #expect(s.returnURL.value == "myapp://checkout/return")
    #expect(s.browser.value == "profile-browser")
  }

  @Test func builtInDefaultsAreNone() throws {
    let s = try settings(.init(profile: "other"))
    #expect(s.returnURL == Setting(nil, from: .builtIn))
    #expect(s.dismissButtonStyle == Setting(nil, from: .builtIn))
    #expect(s.presentationStyle == Setting(nil, from: .builtIn))
    #expect(s.barCollapsingEnabled == Setting(nil, from: .builtIn))
    #expect(s.colorScheme == Setting(nil, from: .builtIn))
    #expect(s.customization == BrowserCustomization())
    #expect(s.timeout == Setting(1.5, from: .file(path: "c.yaml", line: 15, column: 14)))
  }

  @Test func profileSelectionFlagThenEnvironmentThenDefaultProfileThenDefault() throws {
    #expect(
      try settings(.init(profile: "other"), ["DODO_PROFILE": "default"]).profile
        == Setting("other", from: .flag("--profile")))
    #expect(
      try settings(.init(), ["DODO_PROFILE": "default"]).profile
        == Setting("default", from: .environment("DODO_PROFILE")))
    #expect(try settings().profile.source == .file(path: "c.yaml", line: 1, column: 18))
    let noDefaultProfile = try Configuration(files: [
      ConfigFile(path: "d.yaml", contents: Array("profiles:\n  default:\n    timeout: 3\n  x: {}\n".utf8))
    ])
    let s = try EffectiveSettings(configuration: noDefaultProfile, flags: .init(), environment: [:])
    #expect(s.profile == Setting("default", from: .builtIn))
    #expect(s.timeout.value == 3)
    let none = try Configuration(files: [ConfigFile(path: "e.yaml", contents: Array("profiles:\n  x: {}\n".utf8))])
    #expect(
      try EffectiveSettings(configuration: none, flags: .init(), environment: [:]).profile
        == Setting(nil, from: .builtIn))
  }

  @Test func unknownProfileFromTheFlagListsTheProfiles() {
    #expect(
      throws: ConfigError(
        path: nil,
        message: "unknown profile 'ap' from --profile (did you mean 'app'?); the profiles are: app, default, other")
    ) {
      try settings(.init(profile: "ap"))
    }
    #expect(
      throws: ConfigError(
        path: nil,
        message: "unknown profile 'nothing-like-it' from $DODO_PROFILE; the profiles are: app, default, other")
    ) {
      try settings(.init(), ["DODO_PROFILE": "nothing-like-it"])
    }
  }

  @Test func unknownProfileWithNoConfigSaysSo() throws {
    let empty = try Configuration(files: [])
    #expect(throws: ConfigError(path: nil, message: "unknown profile 'x' from --profile; no profiles are defined")) {
      try EffectiveSettings(configuration: empty, flags: .init(profile: "x"), environment: [:])
    }
    #expect(ConfigError(path: nil, message: "m").rendered == "error: m")
  }
}
