/// The stream between `dodo` and the one `dodo-https` it keeps for a command: many
/// `HelperFrame`s each way, each in an envelope that names its request and its length, so that
/// requests sent from several threads are answered in any order over one pipe.
///
/// ```
/// dodo-https 2 7 81\n          the version, the request's ID, the frame's length in bytes
/// dodo-https 1\nGET https://…  the frame itself (`HelperFrame`), exactly that long
/// ```
///
/// The helper's answers are read as hostile input: an envelope that is too long, names a
/// length past `HelperFrame.maximumSize` or is not one is an error, never a wait for more.
public enum HelperStream {
  public static let magic = "dodo-https 2"
  /// The longest envelope line: the magic, two numbers and the newline.
  static let maximumEnvelope = 64

  /// One frame in its envelope.
  public static func envelope(id: UInt64, _ frame: [UInt8]) -> [UInt8] {
    Array("\(magic) \(id) \(frame.count)\n".utf8) + frame
  }

  /// Splits a byte stream into the frames it carries, as the bytes arrive.
  public struct Reader: Sendable {
    private var buffer: [UInt8] = []
    /// Where the unread bytes start: the buffer is compacted only when it is mostly read.
    private var start = 0

    public init() {}

    /// Whether bytes of an unfinished frame are waiting: at the end of the stream, the last
    /// frame was cut short.
    public var hasPartialFrame: Bool { start < buffer.count }

    public mutating func append(_ bytes: some Collection<UInt8>) {
      if start > 0, start >= buffer.count / 2 {
        buffer.removeFirst(start)
        start = 0
      }
      buffer.append(contentsOf: bytes)
    }

    /// The next whole frame and its request's ID; `nil` until all of it has arrived.
    public mutating func next() throws(HelperFrame.Malformed) -> (id: UInt64, frame: [UInt8])? {
      let searched = buffer[start..<min(buffer.count, start + maximumEnvelope)]
      guard let newline = searched.firstIndex(of: UInt8(ascii: "\n")) else {
        if searched.count >= maximumEnvelope { throw HelperFrame.Malformed("not a dodo-https 2 envelope") }
        return nil
      }
      let fields = buffer[start..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
      guard fields.count == 4, String(decoding: fields[0] + [UInt8(ascii: " ")] + fields[1], as: UTF8.self) == magic,
        let id = Self.number(fields[2]).flatMap(UInt64.init(exactly:)), let length = Self.number(fields[3])
      else { throw HelperFrame.Malformed("not a dodo-https 2 envelope") }
      guard length <= HelperFrame.maximumSize else {
        throw HelperFrame.Malformed(
          "a frame of \(length) bytes, past the \(HelperFrame.maximumSize / 1024 / 1024) MiB limit")
      }
      let end = newline + 1 + length
      guard end <= buffer.count else { return nil }
      let frame = Array(buffer[(newline + 1)..<end])
      start = end
      return (id, frame)
    }

    /// Decimal digits only (no sign, no spaces), at most 18 of them: `Int` cannot overflow.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
      guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
  }
}
