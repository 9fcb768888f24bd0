import DodoTestSupport
import Testing

@testable import DodoCLI

/// `dodo config show|profiles|path`, in-process, on a config file in the runner's scratch
/// directory (HOME, and XDG_CONFIG_DIRS, so that no file of the user's is read).
@Suite struct ConfigCommandTests {
  let runner: CommandRunner
  let file: String

  init() throws {
    runner = try CommandRunner()
    file = try runner.file(
      "c.yaml",
      "default_profile: shop\nprofiles:\n  shop:\n    return_url: myapp://checkout/return\n    timeout: 60\n  desk: {}\n"
    )
  }

  @Test("config show: each setting, its value and where it came from, aligned")
  func show() throws {
    expectOutcome(
      try runner.run(["--config", file, "config", "show"]), status: 0,
      stdout: """
        profile                 shop                           file \(file):1:18
        return_url              myapp://checkout/return        file \(file):4:17
        browser                 (none)                         default
        timeout                 60                             file \(file):5:14
        dismiss_button_style    (none)                         default
        presentation_style      (none)                         default
        bar_collapsing_enabled  (none)                         default
        color_scheme            (none)                         default
        theme                   (none)                         default
        language                (none)                         default
        redirect_immediately    (none)                         default
        mode                    test                           default
        base_url                https://test.dodopayments.com  default
        api_key                 (none)                         default
        webhook_secret          (none)                         default
        license_app             dodo                           default
        license_grace_days      (none)                         default

        """,
      stderr: "")
  }

  @Test("config show --json: the files read, each setting's value and source")
  func showAsJSON() throws {
    let source = { (line: Int, column: Int) in #"{"kind":"file","path":"\#(file)","line":\#(line),"column":\#(column)}"#
    }
    let unset = #"{"value":null,"source":{"kind":"default"}}"#
    expectOutcome(
      try runner.run(["--config", file, "config", "show", "--json"]), status: 0,
      stdout: #"{"files":["\#(file)"],"settings":{"profile":{"value":"shop","source":\#(source(1, 18))},"#
        + #""returnUrl":{"value":"myapp://checkout/return","source":\#(source(4, 17))},"browser":\#(unset),"#
        + #""timeout":{"value":60,"source":\#(source(5, 14))},"dismissButtonStyle":\#(unset),"presentationStyle":\#(unset),"#
        + #""barCollapsingEnabled":\#(unset),"colorScheme":\#(unset),"theme":\#(unset),"language":\#(unset),"#
        + #""redirectImmediately":\#(unset),"#
        + #""mode":{"value":"test","source":{"kind":"default"}},"#
        + #""baseUrl":{"value":"https://test.dodopayments.com","source":{"kind":"default"}},"#
        + #""apiKey":\#(unset),"webhookSecret":\#(unset),"#
        + #""licenseApp":{"value":"dodo","source":{"kind":"default"}},"licenseGraceDays":\#(unset)}}"# + "\n",
      stderr: "")
  }

  @Test("--profile over the file's default_profile, the file named by DODO_CONFIG")
  func profileFlag() throws {
    runner.environment["DODO_CONFIG"] = file
    expectOutcome(
      try runner.run(["--profile", "desk", "config", "show"]), status: 0,
      stdout: """
        profile                 desk                           flag --profile
        return_url              (none)                         default
        browser                 (none)                         default
        timeout                 (none)                         default
        dismiss_button_style    (none)                         default
        presentation_style      (none)                         default
        bar_collapsing_enabled  (none)                         default
        color_scheme            (none)                         default
        theme                   (none)                         default
        language                (none)                         default
        redirect_immediately    (none)                         default
        mode                    test                           default
        base_url                https://test.dodopayments.com  default
        api_key                 (none)                         default
        webhook_secret          (none)                         default
        license_app             dodo                           default
        license_grace_days      (none)                         default

        """,
      stderr: "")
  }

  @Test("config show: the license commands' app and days of grace from the profile, with their places")
  func showLicenseSettings() throws {
    let config = try runner.file(
      "licenses.yaml", "profiles:\n  default:\n    license_app: com.example.app\n    license_grace_days: 7\n")
    let text = try runner.run(["--config", config, "config", "show"])
    #expect(text.status == 0)
    // Columns collapsed to one space: the widths are another test's.
    let rows = text.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    #expect(
      rows.hasSuffix("\nlicense_app com.example.app file \(config):3:18\nlicense_grace_days 7 file \(config):4:25\n"))
    let json = try runner.run(["--config", config, "config", "show", "--json"])
    #expect(
      json.stdout.contains(
        #""licenseGraceDays":{"value":7,"source":{"kind":"file","path":"\#(config)","line":4,"column":25}}"#))
  }

  @Test("config show: the API's mode and base URL, and the secrets' sources, never the secrets")
  func showAPISettings() throws {
    let config = try runner.file(
      "api.yaml",
      "profiles:\n  default:\n    mode: live\n    webhook_secret_command: secret-tool lookup dodo webhook\n")
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_0123456789abcdefWXYZ"
    runner.environment["DODO_PAYMENTS_BASE_URL"] = "http://127.0.0.1:8443/"
    let text = try runner.run(["--config", config, "config", "show"])
    #expect(text.status == 0)
    // Columns collapsed to one space: the widths are another test's.
    let rows = text.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    #expect(rows.contains("\nmode live file \(config):3:11\n"))
    #expect(rows.contains("\nbase_url http://127.0.0.1:8443/ environment $DODO_PAYMENTS_BASE_URL\n"))
    #expect(rows.contains("\napi_key set, ending in WXYZ environment $DODO_PAYMENTS_API_KEY\n"))
    #expect(rows.contains("\nwebhook_secret (from its command, not run) webhook_secret_command \(config):4:29\n"))
    #expect(!text.stdout.contains("0123456789"))
    let json = try runner.run(["--config", config, "--mode", "test", "config", "show", "--json"])
    #expect(json.stdout.contains(#""mode":{"value":"test","source":{"kind":"flag","name":"--mode"}}"#))
    #expect(
      json.stdout.contains(
        #""webhookSecret":{"value":"(from its command, not run)","source":{"kind":"command","key":"webhook_secret_command","path":"\#(config)","line":4,"column":29}}"#
      ))
    #expect(!json.stdout.contains("0123456789"))
    // A short key shows none of its characters.
    runner.environment["DODO_PAYMENTS_API_KEY"] = "short"
    let short = try runner.run(["--config", config, "config", "show"]).stdout
    #expect(
      short.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").contains(
        "\napi_key set environment"))
  }

  @Test("config show: a base URL that is not https, to a host that is not loopback, is exit 78")
  func plainHTTPBaseURLIsAConfigError() throws {
    runner.environment["DODO_PAYMENTS_BASE_URL"] = "http://api.example.com"
    let output = try runner.run(["config", "show"])
    #expect(output.status == 78)
    #expect(output.stderr.contains("$DODO_PAYMENTS_BASE_URL must use https"))
  }

  @Test("config profiles: one name a line in the file's order; --json, an array")
  func profiles() throws {
    expectOutcome(
      try runner.run(["--config", file, "config", "profiles"]), status: 0, stdout: "shop\ndesk\n", stderr: "")
    expectOutcome(
      try runner.run(["--json", "--config", file, "config", "profiles"]), status: 0, stdout: #"["shop","desk"]"# + "\n",
      stderr: "")
  }

  @Test("config path: the files dodo reads, whether each exists, and why it is read")
  func path() throws {
    expectOutcome(
      try runner.run(["--config", file, "config", "path"]), status: 0, stdout: "\(file)  found  --config\n", stderr: "")
    expectOutcome(
      try runner.run(["--json", "--config", file, "config", "path"]), status: 0,
      stdout: #"[{"path":"\#(file)","exists":true,"reason":"--config"}]"# + "\n", stderr: "")
    let home = runner.scratch
    expectOutcome(
      try runner.run(["config", "path"]), status: 0,
      stdout: """
        \(home)/.config/dodo/config.yaml  not found  $HOME/.config (default for $XDG_CONFIG_HOME)
        \(home)/dodo/config.yaml          not found  $XDG_CONFIG_DIRS

        """,
      stderr: "")
  }

  @Test("a config error's source line is shown with its controls escaped, never obeyed")
  func sourceLineIsShownEscaped() throws {
    let config = try runner.file("bad.yaml", "profiles:\n  a:\n    return_url: [\u{1b}]0;x\u{07}\n")
    expectOutcome(
      try runner.run(["--config", config, "config", "show"]), status: 78, stdout: "",
      stderr:
        "\(config):3:18: error: control characters are not allowed\n    return_url: [\\x1b]0;x\\x07\n                 ^\n"
    )
  }
}
