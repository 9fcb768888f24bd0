import DodoTestSupport
import Foundation
import Testing

/// `dodo doctor` against the real desktop tools (`xdg-mime`) under a temporary
/// `XDG_DATA_HOME` and `XDG_CONFIG_HOME`, and a real busy port.
@Suite(
  "dodo doctor (end to end)",
  .enabled(
    if: RequiredTools.present(RequiredTools.forURLHandler),
    "needs \(RequiredTools.forURLHandler.joined(separator: ", "))"))
struct DoctorEndToEndTests {
  static let scheme = "dodotest"
  static var entry: String { "dodo-url-handler-\(scheme).desktop" }

  /// The environment of a desktop session whose PATH starts with this dodo's directory.
  func environment(_ sandbox: CheckoutSandbox, _ extra: [String: String] = [:]) -> [String: String] {
    let binDirectory = URL(fileURLWithPath: Dodo.binary).deletingLastPathComponent().path
    let path = binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return sandbox.environment(
      ["DODO_RETURN_URL": "\(Self.scheme)://checkout/return", "DISPLAY": ":99", "PATH": path].merging(extra) { $1 })
  }

  /// The checks of `dodo doctor --json`, by name, and its exit status.
  func doctor(_ env: [String: String], _ arguments: [String] = []) throws -> (
    status: Int32, checks: [String: [String: String]]
  ) {
    let output = try Dodo.run(["doctor", "--json"] + arguments, environment: env)
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 1, "doctor --json prints one JSON document: \(output.stdout)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    var checks: [String: [String: String]] = [:]
    for check in document["checks"] as? [[String: String]] ?? [] {
      // The last of a name wins; the route checks have one each.
      if let name = check["check"] { checks[name] = check }
    }
    #expect((document["ok"] as? Bool) == (output.status == 0))
    return (output.status, checks)
  }

  @Test("a fresh install (no config, no return URL, no display, no xdg-open) is no failure: exit 0")
  func freshInstall() throws {
    let sandbox = CheckoutSandbox()
    let binDirectory = URL(fileURLWithPath: Dodo.binary).deletingLastPathComponent().path
    let output = try Dodo.run(["doctor"], environment: sandbox.environment(["PATH": binDirectory]))
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    #expect(output.stdout.contains("No problems found."), "\(output.stdout)")
  }

  @Test("a scheme that routes to this dodo's handle-url passes; no handler at all is a problem with a fix")
  func installedAndMissing() throws {
    let sandbox = CheckoutSandbox()
    let env = environment(sandbox)
    let before = try doctor(env)
    #expect(before.status == 1)
    #expect(before.checks["url-handler"]?["status"] == "problem")
    #expect(before.checks["url-handler"]?["fix"] == "dodo url-handler install")
    #expect(try Dodo.run(["url-handler", "install"], environment: env).status == 0)
    let after = try doctor(env)
    #expect(after.checks["url-handler"]?["status"] == "ok", "\(after.checks)")
    #expect(after.checks["path"]?["status"] == "ok", "\(after.checks)")
    #expect(after.checks["session"]?["status"] == "ok")
  }

  @Test(
    "a broken registration is found: the entry's program is gone, or mimeapps.list names an entry that does not exist")
  func brokenRegistration() throws {
    let sandbox = CheckoutSandbox()
    let env = environment(sandbox)
    // An entry whose program was removed (a dodo uninstalled or moved after url-handler install).
    try sandbox.home.write(
      "data/applications/\(Self.entry)",
      """
      [Desktop Entry]
      Type=Application
      Name=dodo checkout return (\(Self.scheme))
      Exec=/nonexistent/bin/dodo handle-url %u
      NoDisplay=true
      MimeType=x-scheme-handler/\(Self.scheme);

      """)
    let mime = try Subprocess.run(
      "/usr/bin/env", ["xdg-mime", "default", Self.entry, "x-scheme-handler/\(Self.scheme)"], environment: env)
    #expect(mime.status == 0, "\(mime.stderr)")
    let gone = try doctor(env)
    #expect(gone.status == 1)
    #expect(gone.checks["url-handler"]?["status"] == "problem")
    #expect(gone.checks["url-handler"]?["message"]?.contains("/nonexistent/bin/dodo does not exist") == true)
    // mimeapps.list names an entry that is not there.
    try FileManager.default.removeItem(atPath: sandbox.home.url.path + "/data/applications/\(Self.entry)")
    let missing = try doctor(env)
    #expect(missing.checks["url-handler"]?["status"] == "problem")
    #expect(
      missing.checks["url-handler"]?["message"]?.hasPrefix(
        "dodotest: URLs go to \(Self.entry) (mimeapps.list), but there is no such desktop entry") == true,
      "\(missing.checks)")
    // Text: a checklist with the fix under the problem.
    let text = try Dodo.run(["doctor"], environment: env)
    #expect(text.status == 1)
    #expect(text.stdout.contains("✗ dodotest: URLs go to \(Self.entry) (mimeapps.list)"), "\(text.stdout)")
    #expect(text.stdout.contains("\n    fix: dodo url-handler install\n"))
  }

  @Test("a loopback return URL whose port another program holds is a problem; a free one passes")
  func busyPort() throws {
    let sandbox = CheckoutSandbox()
    let listener = try BusyPort()
    let url = "http://127.0.0.1:\(listener.port)/return"
    let busy = try doctor(environment(sandbox), ["--return-url", url])
    #expect(busy.status == 1)
    #expect(busy.checks["loopback-port"]?["status"] == "problem", "\(busy.checks)")
    #expect(busy.checks["loopback-port"]?["message"]?.contains("port \(listener.port) on 127.0.0.1 is in use") == true)
    listener.close()
    let free = try doctor(environment(sandbox), ["--return-url", url])
    #expect(free.checks["loopback-port"]?["status"] == "ok", "\(free.checks)")
  }

  @Test("without a display, doctor says so: a problem for a custom scheme, a note for loopback")
  func noDisplay() throws {
    let sandbox = CheckoutSandbox()
    var env = environment(sandbox)
    env["DISPLAY"] = nil
    let custom = try doctor(env)
    #expect(custom.checks["session"]?["status"] == "problem")
    #expect(custom.checks["session"]?["message"]?.hasPrefix("no display") == true)
    let loopback = try doctor(env, ["--return-url", "http://127.0.0.1:53682/return"])
    #expect(loopback.checks["session"]?["status"] == "note")
  }

  /// The round trip's findings, in order.
  func roundTrip(_ env: [String: String], _ arguments: [String] = []) throws -> (
    status: Int32, hops: [[String: String]]
  ) {
    let output = try Dodo.run(["doctor", "--json", "--round-trip"] + arguments, environment: env)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    let checks = document["checks"] as? [[String: String]] ?? []
    return (output.status, checks.filter { $0["check"] == "round-trip" })
  }

  @Test("--round-trip: xdg-open runs the registered dodo handle-url, and the return reaches doctor's own checkout")
  func roundTripThroughTheDesktop() throws {
    let sandbox = CheckoutSandbox()
    let env = environment(sandbox)
    #expect(try Dodo.run(["url-handler", "install"], environment: env).status == 0)
    let trip = try roundTrip(env)
    #expect(trip.hops.count == 3, "\(trip.hops)")
    #expect(trip.hops.allSatisfy { $0["status"] == "ok" }, "\(trip.hops)")
    #expect(trip.hops.last?["message"]?.contains("the desktop ran dodo handle-url") == true)
    // The return URL's own parameters (a state secret) are never given to xdg-open.
    let secret = try roundTrip(env, ["--return-url", "dodotest://checkout/return?state=s3cr3t"])
    #expect(!secret.hops.contains { $0["message"]?.contains("s3cr3t") == true })
    // No handler: xdg-open fails at once, and the round trip says the return never arrived.
    #expect(try Dodo.run(["url-handler", "remove"], environment: env).status == 0)
    let broken = try roundTrip(env)
    #expect(broken.status == 1)
    #expect(broken.hops.last?["status"] == "problem", "\(broken.hops)")
    #expect(broken.hops.last?["message"]?.hasPrefix("round trip: the return never reached") == true)
  }

  @Test("--round-trip for a loopback return URL: doctor's request reaches its own checkout, answered 200")
  func roundTripOnLoopback() throws {
    let sandbox = CheckoutSandbox()
    let listener = try BusyPort()
    let port = listener.port
    listener.close()
    let trip = try roundTrip(environment(sandbox), ["--return-url", "http://127.0.0.1:\(port)/return?state=s3cr3t"])
    #expect(trip.hops.count == 3, "\(trip.hops)")
    #expect(trip.hops.last?["status"] == "ok", "\(trip.hops)")
    #expect(trip.hops.last?["message"]?.hasSuffix("which answered HTTP/1.1 200 OK") == true)
    #expect(!trip.hops.contains { $0["message"]?.contains("s3cr3t") == true })
  }
}

/// A port some other program listens on, for as long as it is open.
///
/// Its socket is closed exactly once, by `close()` or at release: a second close of the same
/// number closes whatever descriptor another test thread opened under it since (it closed a
/// subprocess runner's pipe and crashed the test run, 1 run in about 13).
final class BusyPort {
  private var fd: Int32?
  let port: UInt16

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.fd = fd
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 1) == 0 else {
      _ = Glibc.close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
  }

  func close() {
    guard let fd else { return }
    self.fd = nil
    _ = Glibc.close(fd)
  }

  deinit { close() }
}
