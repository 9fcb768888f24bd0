/// The return channel's wire protocol, in one place for both of its ends
/// (`ReturnChannelServer` in `dodo start`, `ReturnChannelClient` in `dodo handle-url`).
///
/// The client connects to `return.sock` in the private runtime directory, sends one URL and
/// a newline, shuts its writing side and reads one answer line: `claimed` or `unclaimed`.
/// A server never claims a URL whose sender has hung up: an answer nobody heard would let
/// `handle-url` say one thing while `start` did another.
package enum ReturnChannelProtocol {
  /// The socket's file name in the runtime directory.
  package static let socketName = "return.sock"
  /// The longest URL either route takes (the socket, the loopback listener's request target,
  /// a pasted line): a return URL with its query, 600 license keys included, fits easily.
  package static let maximumURLBytes = 64 * 1024
  /// How long `handle-url` waits for the answer before it says there was none. A running
  /// `start` answers in milliseconds; this covers one that is briefly stopped or busy.
  package static let answerTimeoutSeconds = 10

  static let claimed = Array("claimed\n".utf8)
  static let unclaimed = Array("unclaimed\n".utf8)

  /// What `handle-url` heard.
  package enum Answer: Sendable, Hashable {
    /// The checkout in progress claimed the URL.
    case claimed
    /// Nothing claimed it: no checkout runs, or the URL is not its return URL.
    case unclaimed
    /// The checkout took the connection but gave no answer in time (it is stopped or
    /// overloaded); having hung up, the sender's URL will not be claimed.
    case none
  }

  /// Reads an answer line as received; anything but the two answers is no answer.
  static func answer(_ bytes: ArraySlice<UInt8>) -> Answer {
    if bytes.elementsEqual(claimed) { return .claimed }
    if bytes.elementsEqual(unclaimed) { return .unclaimed }
    return .none
  }
}
