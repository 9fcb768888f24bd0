import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

extension ServerTests {
  /// A loopback request refused before it reaches the checkout is told to `onRefused`, with
  /// why, so that `start` can say it; requests that are no return (400, 405) are not.
  @Suite("Loopback refusals are told", .serialized)
  struct LoopbackRefusalTests {
    @Test(
      "each refusal a return the user meant may hit is told, with its reason",
      arguments: [
        ("GET /return?status=succeeded HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", ReturnRefusal.missingState),
        ("GET /return?status=succeeded&state=guess HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", .otherState),
        ("GET /return?state=s3cret HTTP/1.1\r\nHost: evil.example:PORT\r\n", .misdirected),
        (
          "GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nSec-Fetch-Site: cross-site\r\n"
            + "Sec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: image\r\n", .crossSite
        ),
        ("GET /return?state=s3cret HTTP/1.1\r\n", nil),
        ("POST /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", nil),
      ])
    func told(head: String, refusal: ReturnRefusal?) throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      var told: [ReturnRefusal] = []
      server.onRefused = { told.append($0) }
      try server.open(for: try ReturnURL("http://127.0.0.1:\(port)/return?state=s3cret"))
      defer { server.close() }
      let request = head.replacingOccurrences(of: "PORT", with: "\(port)") + "\r\n"
      let response = inBackground { httpRequest(request, port: port) }
      #expect(try serve(server, until: response)?.hasPrefix("HTTP/1.1 4") == true)
      #expect(told == (refusal.map { [$0] } ?? []))
    }
  }
}
