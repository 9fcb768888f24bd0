/// What `dodo webhook listen` does with each delivery it receives: verifies it, passes a
/// valid one on to the app (its body byte for byte, its headers as received less the hop's
/// own), and says how to answer the sender. An invalid delivery never reaches the app.
package struct WebhookRelay: Sendable {
  /// Headers of the hop from the sender, not of the delivery: not forwarded.
  package static let hopHeaders: Set<String> = [
    "host", "content-length", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "expect",
    "proxy-connection",
  ]

  /// What became of one delivery.
  package struct Outcome: Sendable {
    package var verdict: WebhookVerdict
    /// The app's answer, or why none came; `nil` when the delivery was not forwarded
    /// (invalid, or no app to forward to).
    package var forwarded: Result<HTTPResponse, TransportError>?
    /// The answer to the sender: `204 No Content` for a valid delivery (whatever the app
    /// said: the sender's retries are not the app's), `401 Unauthorized` for an invalid one.
    package var status: String
    package var body: String
  }

  package var verifier: WebhookVerifier
  /// The app's URL; `nil` only verifies.
  package var forwardTo: String?
  package var transport: any HTTPTransport

  package init(verifier: WebhookVerifier, forwardTo: String?, transport: any HTTPTransport) {
    self.verifier = verifier
    self.forwardTo = forwardTo
    self.transport = transport
  }

  /// Verifies the delivery as of `now` (Unix seconds) and forwards it once when it is valid
  /// (a POST is never retried).
  package func handle(headers: [HTTPHeader], body: [UInt8], now: Int64) -> Outcome {
    let verdict = verifier.verify(WebhookDelivery(headers: headers, body: body), now: now)
    guard verdict.isValid else {
      return Outcome(
        verdict: verdict, forwarded: nil, status: "401 Unauthorized", body: "The webhook signature is not valid.\n")
    }
    var forwarded: Result<HTTPResponse, TransportError>?
    if let forwardTo {
      let kept = headers.filter { !Self.hopHeaders.contains($0.name.lowercased()) }
      let copy = HTTPRequest(method: .post, url: forwardTo, headers: kept, body: body)
      forwarded = Result { () throws(TransportError) in try transport.send(copy) }
    }
    return Outcome(verdict: verdict, forwarded: forwarded, status: "204 No Content", body: "")
  }
}
