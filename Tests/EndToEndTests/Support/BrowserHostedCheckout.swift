import Foundation

/// A local HTTPS server answering for `test.checkout.dodopayments.com` in place of the hosted
/// checkout (`scripts/browser-support/checkout-server.py`): a self-signed certificate made
/// for this test, and a `/session/<id>` page that sends the browser on to `redirect`, the way
/// the hosted checkout returns the customer when the payment ends. It lives at most
/// `lifetime` seconds and ends with the test.
final class HostedCheckoutStandIn: Sendable {
  static let host = "test.checkout.dodopayments.com"

  let port: Int
  private let server: BackgroundProgram

  init(redirect: String, directory: URL, lifetime: Int = 90) throws {
    guard let python3 = BrowserTools.python3 else { throw BrowserTestError("python3 is not installed") }
    let script = BrowserTools.supportScripts.appendingPathComponent("checkout-server.py").path
    server = try BackgroundProgram(
      "checkout-server", python3,
      [script, "--dir", directory.path, "--redirect", redirect, "--lifetime", String(lifetime)],
      environment: ProcessInfo.processInfo.environment, logDirectory: directory)
    guard let line = server.firstLine(timeout: 15), let port = Int(line) else {
      server.stop()
      throw BrowserTestError("the stand-in checkout did not start:\n\(server.logText)")
    }
    self.port = port
  }

  /// The paths requested so far, in order (method and path; the server never logs a query).
  var requests: [String] {
    guard let data = try? Data(contentsOf: server.log) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.hasPrefix("GET ") }
  }

  func stop() { server.stop() }

  var logText: String { server.logText }
}
