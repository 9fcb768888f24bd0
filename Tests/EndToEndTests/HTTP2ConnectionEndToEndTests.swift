import DodoAccount
import DodoCurl
import DodoTestSupport
import Foundation
import Testing

/// Against a server that offers HTTP/2 (ALPN h2): one TLS connection for all of a command's
/// requests, each request a stream of it. `HelperConnectionEndToEndTests` covers HTTP/1.1.
@Suite(
  .serialized,
  .enabled(if: RequiredTools.present(RequiredTools.forHTTP2), "needs \(RequiredTools.forHTTP2.joined(separator: ", "))")
)
struct HTTP2ConnectionEndToEndTests {
  static let ids = (1...20).map { "pay_\($0)" }

  let api: FakeDodoAPIOverHTTP2

  init() throws {
    api = try FakeDodoAPIOverHTTP2(payments: Self.ids)
  }

  @Test func confirmSendsEveryRequestAsAStreamOfOneHTTP2Connection() throws {
    let home = TemporaryDirectory()
    let output = try Dodo.run(
      ["confirm", "--json", "--rate", "1000", "-"], stdin: Self.ids.joined(separator: "\n") + "\n",
      environment: Dodo.environment(home: home.url, api.environment))
    #expect(output.status == 0, "\(output.stderr)")
    let lines = try output.stdout.split(separator: "\n").map { try Self.object(Data($0.utf8)) }
    #expect(lines.count == Self.ids.count)
    #expect(lines.map { ($0["confirmation"] as? [String: Any])?["paymentId"] as? String } == Self.ids)
    #expect(lines.allSatisfy { $0["verdict"] as? String == "confirmed" })
    try expectOneConnection(carrying: Self.ids)
  }

  @Test func theLibraryTransportSendsItsRequestsAsStreamsOfOneHTTP2Connection() throws {
    let transport = CurlTransport(extraCAFile: api.caFile)
    for id in Self.ids {
      let response = try transport.send(
        .api(.get, "/payments/\(id)", baseURL: api.baseURL, apiKey: FakeDodoAPI.apiKey))
      #expect(response.status == 200)
      #expect(try Self.object(Data(response.body))["payment_id"] as? String == id)
    }
    try expectOneConnection(carrying: Self.ids)
  }

  static func object(_ json: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  /// The server saw one GET of each payment over HTTP/2 (its frame log has only HTTP/2
  /// requests), all on one connection, as its streams 1, 3, 5, … (a client opens odd ones).
  func expectOneConnection(carrying ids: [String]) throws {
    let requests = try api.requests()
    #expect(requests.count == ids.count)
    #expect(requests.allSatisfy { $0.method == "GET" })
    #expect(Set(requests.map(\.path)) == Set(ids.map { "/payments/\($0)" }))
    #expect(Set(requests.map(\.session)).count == 1, "sessions: \(Set(requests.map(\.session)).sorted())")
    #expect(requests.map(\.stream).sorted() == Array(stride(from: 1, to: 2 * ids.count, by: 2)))
  }
}
