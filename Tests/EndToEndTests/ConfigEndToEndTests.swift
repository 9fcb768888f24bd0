import DodoTestSupport
import Foundation
import Testing

/// The YAML configuration seen through the built `dodo` where only a process shows it: paths
/// whose bytes are not UTF-8 (argv and the environment from a shell), and the browser
/// command a profile names, run as a child (spec §5). The rest is in-process:
/// `Tests/DodoCLITests/ConfigInProcessTests.swift`.
@Suite("dodo config and the configuration")
struct ConfigEndToEndTests {

  @Test("paths with bytes that are not UTF-8 name those very files: --config, DODO_CONFIG, DODO_STATE_DIR")
  func nonUTF8Paths() throws {
    let home = TemporaryDirectory()
    // The shell puts the byte 0xFF into argv and the environment, which a Swift string cannot.
    let script = #"""
      set -e
      f="$1/$(printf '\377').yaml"
      printf 'profiles:\n  p: {}\n' > "$f"
      "$2" --config "$f" config profiles
      DODO_CONFIG="$f" "$2" config profiles
      s="$1/state-$(printf '\377')"
      mkdir -m 700 "$s"
      printf '{"sessionId":"cks_9","createdAt":"2026-11-29T20:06:40Z"}\n' > "$s/abandoned.json"
      chmod 600 "$s/abandoned.json"
      DODO_STATE_DIR="$s" "$2" abandoned show
      """#
    let run = try Subprocess.run(
      "/bin/sh", ["-c", script, "sh", home.url.path, Dodo.binary], environment: Dodo.environment(home: home.url))
    expectOutcome(
      run, status: 0, stdout: "p\np\nsessionId: cks_9\ncreatedAt: 2026-11-29T20:06:40Z\ninProgress: false\n", stderr: ""
    )
  }

  @Test("a path's bytes that are not UTF-8 are shown escaped in messages")
  func nonUTF8PathInMessage() throws {
    let home = TemporaryDirectory()
    let run = try Subprocess.run(
      "/bin/sh",
      ["-c", #""$2" --config "$1/$(printf 'a\377b').yaml" config profiles"#, "sh", home.url.path, Dodo.binary],
      environment: Dodo.environment(home: home.url))
    #expect(run.status == 78)
    #expect(run.stderr == "\(home.url.path)/a\\xffb.yaml: error: no such config file (named by --config)\n")
  }

  /// A profile whose browser is a script that records its arguments and `DODO_*` variables in
  /// `browser.out`, and whose timeout ends the checkout after a second.
  private func startProfile(in home: TemporaryDirectory) throws -> (config: String, record: String) {
    let record = home.url.appendingPathComponent("browser.out").path
    let script = try home.writeProgram(
      "browser.sh",
      "#!/bin/sh\n{ echo \"args:$*\"; env | grep '^DODO_[A-Z_]*=' | grep -v 'DIR=' | sort; } > '\(record)'\n",
      mode: 0o700)
    let config = try home.write(
      "config/dodo/config.yaml",
      """
      profiles:
        default:
          return_url: myapp://checkout/return
          browser: "\(script) --new-window %s"
          timeout: 1
          customization:
            dismiss_button_style: close
            presentation_style: fullScreen
            bar_collapsing_enabled: false
            color_scheme: dark
      """)
    return (config, record)
  }

  @Test("start takes its return URL, browser, customization and timeout from the profile")
  func startFromProfile() throws {
    let home = TemporaryDirectory()
    let (_, record) = try startProfile(in: home)
    let checkout = "https://test.checkout.dodopayments.com/session/cks_profile"
    let began = Date()
    let run = try Dodo.run(["start", checkout], home: home.url)
    #expect(run.status == 11, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("status: cancelled (timed out after 1 s)\n"))
    #expect(Date().timeIntervalSince(began) >= 1)
    expectSameText(
      try String(contentsOfFile: record, encoding: .utf8),
      """
      args:--new-window \(checkout)
      DODO_BAR_COLLAPSING_ENABLED=false
      DODO_COLOR_SCHEME=dark
      DODO_DISMISS_BUTTON_STYLE=close
      DODO_PRESENTATION_STYLE=fullScreen

      """)
  }

  @Test("start's flags and the environment override the profile")
  func startFlagsOverrideProfile() throws {
    let home = TemporaryDirectory()
    let (_, record) = try startProfile(in: home)
    let checkout = "https://test.checkout.dodopayments.com/session/cks_flags"
    let run = try Dodo.run(
      ["start", checkout, "--timeout", "0.2", "--color-scheme", "light", "--bar-collapsing-enabled", "true"],
      environment: Dodo.environment(home: home.url, ["DODO_RETURN_URL": "not-a-url"]))
    #expect(run.status == 21, "DODO_RETURN_URL overrides the profile's valid return URL: \(run.stderr)")
    let flags = try Dodo.run(
      ["start", checkout, "--timeout", "0.2", "--color-scheme", "light", "--bar-collapsing-enabled", "true"],
      home: home.url)
    #expect(flags.status == 11, "\(flags.stderr)")
    // The flag's 0.2 s, not the profile's 1 s, named in the result (not timed: load varies).
    #expect(flags.stdout.contains("timed out after 0.2 s"), "\(flags.stdout)")
    expectSameText(
      try String(contentsOfFile: record, encoding: .utf8),
      """
      args:--new-window \(checkout)
      DODO_BAR_COLLAPSING_ENABLED=true
      DODO_COLOR_SCHEME=light
      DODO_DISMISS_BUTTON_STYLE=close
      DODO_PRESENTATION_STYLE=fullScreen

      """)
  }
}
