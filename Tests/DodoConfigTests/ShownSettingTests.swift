import Testing

@testable import DodoConfig

/// What `config show` lists: every setting with its value as text and where it came from,
/// and the API's secrets described, never shown.
@Suite struct ShownSettingTests {
  static let yaml = """
    default_profile: app
    profiles:
      app:
        timeout: 900
        customization:
          bar_collapsing_enabled: false
        api_key_command: pass show dodo
    """

  let configuration: Configuration

  init() throws {
    configuration = try Configuration(files: [ConfigFile(path: "c.yaml", contents: Array(Self.yaml.utf8))])
  }

  @Test("the eleven settings of start in order, typed for JSON, each with its origin")
  func effectiveSettings() throws {
    var flags = CommandLineSettings()
    flags.browser = "firefox"
    flags.page.theme = .dark
    let rows = try EffectiveSettings(
      configuration: configuration, flags: flags, environment: ["DODO_RETURN_URL": "myapp://r"]
    ).shown
    #expect(
      rows.map(\.name) == [
        "profile", "return_url", "browser", "timeout", "dismiss_button_style", "presentation_style",
        "bar_collapsing_enabled", "color_scheme", "theme", "language", "redirect_immediately",
      ])
    #expect(rows.map(\.value) == ["app", "myapp://r", "firefox", "900", nil, nil, "false", nil, "dark", nil, nil])
    #expect(
      rows.map(\.origin) == [
        "file c.yaml:1:18", "environment $DODO_RETURN_URL", "flag --browser", "file c.yaml:4:14", "default",
        "default", "file c.yaml:6:31", "default", "flag --theme", "default", "default",
      ])
    #expect(rows[3].number == 900)
    #expect(rows[6].bool == false)
    #expect(rows.map { "\($0.jsonName)" }[1] == "returnUrl")
  }

  @Test("a key from a variable shows at most its last four characters; one from a command names it, not run")
  func secrets() throws {
    let long = "sk_test_0123456789abcdef"
    func rows(_ environment: [String: String]) throws -> [ShownSetting] {
      try APISettings(configuration: configuration, modeFlag: nil, profileFlag: nil, environment: environment).shown
    }
    let fromVariable = try rows(["DODO_PAYMENTS_API_KEY": long, "DODO_PAYMENTS_WEBHOOK_KEY": "whsec_short"])
    #expect(fromVariable.map(\.name) == ["mode", "base_url", "api_key", "webhook_secret"])
    #expect(fromVariable[2].value == "set, ending in cdef")
    #expect(fromVariable[3].value == "set")
    #expect(fromVariable[2].origin == "environment $DODO_PAYMENTS_API_KEY")
    #expect(!fromVariable.contains { $0.value?.contains(long) == true })
    let fromCommand = try rows([:])
    #expect(fromCommand[2].value == "(from its command, not run)")
    #expect(fromCommand[2].origin == "api_key_command c.yaml:7:22")
    #expect(fromCommand[3].value == nil)
    #expect(fromCommand[0].origin == "default")
  }

  @Test("seconds without a needless .0", arguments: [(900.0, "900"), (1.5, "1.5"), (0.25, "0.25")])
  func seconds(value: Double, text: String) {
    #expect(ShownSetting.seconds(value) == text)
  }
}
