import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Chromium as `dodo start --browser`: `scripts/browser-support/open-in-chromium.py` notes
/// the URL `dodo` hands over, starts Chromium on it in the background and exits 0, as
/// `xdg-open` does (`start` treats a browser command's non-zero exit as PLATFORM_ERROR, and
/// keeps waiting for the return after it exits 0).
///
/// Chromium runs in a process group of its own under `timeout`, so that it never outlives
/// `lifetime` seconds, and `stop()` ends it and everything it started. Its profile, home
/// files, output and process id stay in `directory`; nothing of the user's is used. It
/// trusts the stand-in checkout's self-signed certificate and reaches it through
/// `--host-resolver-rules`, so the checkout URL stays the real `test.checkout.dodopayments.com` one.
final class ChromiumBrowserCommand: Sendable {
  /// The value for `--browser` (`dodo` adds the URL as the last argument).
  let command: String
  let directory: URL

  private var pidFile: URL { directory.appendingPathComponent("chromium.pid") }
  private var urlFile: URL { directory.appendingPathComponent("opened-url") }
  private var log: URL { directory.appendingPathComponent("chromium.log") }

  /// - Parameters:
  ///   - headless: `--headless=new`; otherwise Chromium needs `DISPLAY` in the environment
  ///     `dodo start` runs with.
  ///   - launchableSchemes: external schemes Chromium may hand to the desktop (`xdg-open`)
  ///     without asking, from pages of the checkout host: what a customer's ticked "Always
  ///     allow" in Chromium's "Open xdg-open?" prompt stores in the profile. (The managed
  ///     policy `AutoLaunchProtocolsFromOrigins` does the same machine-wide, but needs /etc.)
  init(directory: URL, checkoutPort: Int, headless: Bool, launchableSchemes: [String] = [], lifetime: Int = 60) throws {
    guard let chromium = BrowserTools.chromium, let python3 = BrowserTools.python3 else {
      throw BrowserTestError("chromium or python3 is not installed")
    }
    self.directory = directory
    let profile = directory.appendingPathComponent("chromium-profile")
    if !launchableSchemes.isEmpty {
      let schemes = launchableSchemes.map { "\"\($0)\":true" }.joined(separator: ",")
      let preferences =
        #"{"protocol_handler":{"allowed_origin_protocol_pairs":{"https://\#(HostedCheckoutStandIn.host)":{\#(schemes)}}}}"#
      let defaultProfile = profile.appendingPathComponent("Default")
      try FileManager.default.createDirectory(at: defaultProfile, withIntermediateDirectories: true)
      try Data(preferences.utf8).write(to: defaultProfile.appendingPathComponent("Preferences"))
    }
    let launcher = BrowserTools.supportScripts.appendingPathComponent("open-in-chromium.py").path
    let words =
      [
        python3, launcher, "--dir", directory.path, "--lifetime", String(lifetime), "--",
        chromium, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)",
        "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-proxy-server", "--password-store=basic",
        "--host-resolver-rules=MAP \(HostedCheckoutStandIn.host) 127.0.0.1:\(checkoutPort)",
        "--ignore-certificate-errors",
      ] + (headless ? ["--headless=new"] : [])
    command = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
  }

  deinit { stop() }

  /// The URL `dodo start` handed to the browser command, if it ran.
  var openedURL: String? {
    (try? String(contentsOf: urlFile, encoding: .utf8)).map { $0.trimmingCharacters(in: .newlines) }
  }

  /// Ends Chromium: SIGTERM to its process group, then SIGKILL, after five seconds, to what
  /// is left of it, including helpers that left the group (Chromium's crash handler starts
  /// a session of its own).
  func stop() {
    guard openedURL != nil else { return }
    var group: pid_t?
    let appears = Date().addingTimeInterval(2)
    while group == nil, Date() < appears {
      group = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap {
        pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      if group == nil { usleep(20_000) }
    }
    if let group, group > 1 { kill(-group, SIGTERM) }
    for (signal, grace) in [(SIGTERM, 5.0), (SIGKILL, 2.0)] {
      let deadline = Date().addingTimeInterval(grace)
      var left = remainingProcesses(group: group)
      while !left.isEmpty, Date() < deadline {
        usleep(20_000)
        left = remainingProcesses(group: group)
      }
      if left.isEmpty { return }
      if signal == SIGKILL {
        Issue.record("Chromium processes \(left) outlived SIGKILL")
        return
      }
      if let group, group > 1 { kill(-group, SIGKILL) }
      for pid in left { kill(pid, SIGKILL) }
    }
  }

  /// The wrapper's and Chromium's output, for a failure message.
  var logText: String { BrowserLogs.tail(of: log, named: "chromium") }

  /// The live (not zombie) processes in `group`, or Chromium's (`chromium`,
  /// `chrome_crashpad_handler`) whose command line names this test's directory. Zombies do not count: they are orphans that whoever reaps orphans here
  /// collects, maybe later.
  private func remainingProcesses(group: pid_t?) -> [pid_t] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    let marker = Data(directory.path.utf8)
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry), pid != getpid(),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      // After "pid (comm)": state, ppid, pgrp, …
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z" else { return nil }
      if let group, fields[2] == "\(group)" { return pid }
      let name = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)) ?? ""
      let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") ?? Data()
      return name.hasPrefix("chrom") && commandLine.range(of: marker) != nil ? pid : nil
    }
  }
}
