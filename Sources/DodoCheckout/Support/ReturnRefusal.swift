import DodoBytes

/// Why a checkout waiting for its return did not take a URL or request: said once per
/// reason while `start` waits, never with the refused URL's query or the run's state, so that
/// a backend that drops the return URL's query does not just hang until the timeout.
package enum ReturnRefusal: Sendable, Hashable {
  /// It comes back to the return URL but without its own parameters (the run's `state`).
  case missingState
  /// It carries the return URL's own parameters with other values: forged, or of another run.
  case otherState
  /// It is not the return URL: this part differs (`scheme`, `host`, `path`).
  case otherPart(String)
  /// It is not a URL up to its query.
  case notAURL
  /// A loopback request with another `Host` (misdirected, or DNS rebinding): 421.
  case misdirected
  /// A loopback request a web page made on its own (an image, a fetch, a frame): 403.
  case crossSite

  /// The `reason` of a `checkout.return_refused` event.
  package var code: String {
    switch self {
    case .missingState: "missing_state"
    case .otherState: "wrong_state"
    case .otherPart(let part): "other_\(part)"
    case .notAURL: "not_a_url"
    case .misdirected: "other_host_header"
    case .crossSite: "not_a_navigation"
    }
  }

  /// The refusal whose `code` this is; `nil` for any other text.
  package init?(code: String) {
    let parts = ["scheme", "host", "path"]
    let known: [ReturnRefusal] =
      [.missingState, .otherState, .notAURL, .misdirected, .crossSite] + parts.map(Self.otherPart)
    guard let refusal = known.first(where: { $0.code == code }) else { return nil }
    self = refusal
  }

  /// One line for a person.
  package var message: String {
    switch self {
    case .missingState:
      "a return without this run's state was refused: does your backend keep the return URL's query?"
    case .otherState:
      "a return with another state than this run's was refused: it is forged, or from another run"
    case .otherPart(let part):
      "a URL that is not the return URL was refused: its \(part) differs"
    case .notAURL:
      "a URL that is not the return URL was refused: it is not a URL"
    case .misdirected:
      "a request to the loopback return address naming another Host was refused (421): misdirected, or DNS rebinding"
    case .crossSite:
      "a request a web page made on its own to the loopback return address was refused (403): a return is a navigation"
    }
  }
}

extension ReturnURL {
  /// Why this return URL's checkout does not take `url`: the first part that differs
  /// (scheme, host, path), else its own parameters missing or different; `nil` when it
  /// takes it. Nothing of `url`'s query goes into the answer.
  package func refusal(of url: String) -> ReturnRefusal? {
    var url = url
    return url.withBytes { bytes in
      guard let parts = try? URLReader.read(bytes, checking: .beforeQuery), let authority = parts.authority else {
        return .notAURL
      }
      guard Self.equalsIgnoringCase(scheme, bytes, parts.scheme) else { return .otherPart("scheme") }
      guard Self.equalsIgnoringCase(host, bytes, authority.host) else { return .otherPart("host") }
      guard Self.path(bytes, parts.path, normalizesTo: decodedPath) else { return .otherPart("path") }
      let query = ReturnQuery(returnURL: bytes, parts)
      let names = Set(query.parameters.map(\.name.decoded))
      if ownParameters.contains(where: { !names.contains($0.name) }) { return .missingState }
      return isEchoed(by: String(decoding: bytes, as: UTF8.self)) ? nil : .otherState
    }
  }
}
