import DodoCheckout

/// The URL handoff: the wire protocol by which `dodo handle-url` (`ReturnChannelClient`)
/// hands a URL to the `dodo start` in progress (`ReturnChannelServer`) over the return
/// channel's Unix socket. Both ends frame and read their bytes here and nowhere else.
///
/// The client connects to `return.sock` in the private runtime directory, sends one request
/// (the URL and a newline), shuts its writing side and reads one answer line: `claimed`, or
/// `unclaimed` and, after a space, why (`ReturnRefusal.code`, never anything of the URL). A server never claims a URL whose sender has hung up: an answer nobody heard
/// would let `handle-url` say one thing while `start` did another.
package enum URLHandoff {
  /// The socket's file name in the runtime directory (in the contract: `cli.md`, Files).
  package static let socketName = "return.sock"
  /// The longest URL either route takes (the socket, the loopback listener's request target,
  /// a pasted line): a return URL with its query, 600 license keys included, fits easily.
  package static let maximumURLBytes = 64 * 1024
  /// How long `handle-url` waits for the answer before it says there was none. A running
  /// `start` answers in milliseconds; this covers one that is briefly stopped or busy.
  package static let answerTimeoutSeconds = 10
  /// The most a client reads of an answer: more than either answer line.
  package static let maximumAnswerBytes = 32

  /// What `handle-url` heard.
  package enum Answer: Sendable, Hashable {
    /// The checkout in progress claimed the URL.
    case claimed
    /// The checkout in progress did not claim it, without saying why.
    case unclaimed
    /// The checkout in progress did not claim it, for this reason.
    case refused(ReturnRefusal)
    /// No checkout is waiting: nothing listens on the socket.
    case notWaiting
    /// The checkout took the connection but gave no answer in time (it is stopped or
    /// overloaded), or gave one that is neither of the two; having hung up, the sender's URL
    /// will not be claimed.
    case noAnswer

    /// Whether the URL was claimed. No answer is a failure, never "not claimed": the checkout
    /// may be alive, and it will not claim the URL later, so the sender must send it again.
    package func claimed() throws(PlatformError) -> Bool {
      switch self {
      case .claimed: return true
      case .unclaimed, .refused, .notWaiting: return false
      case .noAnswer:
        throw PlatformError(
          "no answer from the checkout in progress in \(URLHandoff.answerTimeoutSeconds) seconds "
            + "(it is stopped or overloaded); it will not claim this URL: send it again")
      }
    }
  }

  /// What the bytes of a request received so far hold.
  package enum Request: Sendable, Hashable {
    /// The newline has not come yet, and the sender may still send it.
    case incomplete
    /// A whole request: this URL.
    case url(String)
    /// More than `maximumURLBytes` before the newline: no checkout takes it.
    case tooLarge
    /// The sender ended its side without sending anything.
    case empty
  }

  private static let newline = UInt8(ascii: "\n")
  private static let claimedLine = Array("claimed\n".utf8)
  private static let unclaimedLine = Array("unclaimed\n".utf8)

  /// The request for `url`: its bytes and a newline; `nil` for a URL longer than
  /// `maximumURLBytes`, which no checkout takes.
  package static func encodeRequest(_ url: String) -> [UInt8]? {
    guard url.utf8.count <= maximumURLBytes else { return nil }
    return Array(url.utf8) + [newline]
  }

  /// Reads a request from the bytes received so far; `ended`: the sender has shut its side.
  /// The URL ends at the first newline (a `\r` before it is dropped); a sender that ends its
  /// side without the newline has sent the URL too.
  package static func decodeRequest(_ bytes: [UInt8], ended: Bool) -> Request {
    if let end = bytes.firstIndex(of: newline) {
      guard end <= maximumURLBytes else { return .tooLarge }
      let url = end > 0 && bytes[end - 1] == UInt8(ascii: "\r") ? bytes[..<(end - 1)] : bytes[..<end]
      return .url(String(decoding: url, as: UTF8.self))
    }
    if bytes.count > maximumURLBytes { return .tooLarge }
    if ended { return bytes.isEmpty ? .empty : .url(String(decoding: bytes, as: UTF8.self)) }
    return .incomplete
  }

  /// The answer line a server sends; an unclaimed URL's `refusal` says why.
  package static func encodeAnswer(claimed: Bool, refusal: ReturnRefusal? = nil) -> [UInt8] {
    if claimed { return claimedLine }
    guard let refusal else { return unclaimedLine }
    return Array("unclaimed \(refusal.code)\n".utf8)
  }

  /// Reads an answer line as received; anything but the answers above is no answer.
  package static func decodeAnswer(_ bytes: ArraySlice<UInt8>) -> Answer {
    if bytes.elementsEqual(claimedLine) { return .claimed }
    if bytes.elementsEqual(unclaimedLine) { return .unclaimed }
    let prefix = Array("unclaimed ".utf8)
    guard bytes.starts(with: prefix), bytes.last == newline,
      let refusal = ReturnRefusal(code: String(decoding: bytes.dropFirst(prefix.count).dropLast(), as: UTF8.self))
    else { return .noAnswer }
    return .refused(refusal)
  }
}
