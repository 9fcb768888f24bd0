import DodoBytes

/// One chunk of `ParallelLineReader`'s input: whole lines read into a buffer of their own, and
/// the decoder that decodes them.
///
/// Every chunk starts at a line's start. Each of its lines ends with a `\n`, but for the
/// bytes after its last one: the input's last line (`final`), or the start of an overlong line.
final class LineChunk {
  /// Allocated when first read into (`size` bytes): a small input fills one chunk, and a
  /// one-line input need not zero the others' memory (see `ParallelLineReader`).
  private var buffer: [UInt8] = []
  private let size: Int
  /// The bytes of `buffer` in use.
  var count = 0
  /// Whether the chunk ends the input.
  var final = false
  /// Whether `decoder` holds the chunk's result; read and written under the reader's lock.
  var isDecoded = true
  let decoder: any LineChunkDecoder

  init(size: Int, decoder: any LineChunkDecoder) {
    self.size = max(1, size)
    self.decoder = decoder
  }

  var capacity: Int { buffer.count }

  /// Reads once from `fd` into the room after `count`: the bytes read, `0` at the end.
  func read(from fd: UnownedDescriptor) throws(SystemError) -> Int {
    if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: size) }
    let end = count
    return try Syscalls.read(fd, into: &buffer, at: end)
  }

  /// The index of the first `\n` at or after `start`.
  func firstNewline(from start: Int) -> Int? {
    buffer.withBytes { LineReader.newline(in: $0, start..<count) }
  }

  /// Where the last line starts: after the last `\n`, else at 0.
  var lastLineStart: Int {
    var i = count
    while i > 0, buffer[i - 1] != UInt8(ascii: "\n") { i -= 1 }
    return i
  }

  /// Drops the first `n` bytes in use.
  func dropFirst(_ n: Int) {
    buffer.moveBytes(n..<count, to: 0)
    count -= n
  }

  /// Doubles the buffer, up to `limit` bytes: a line longer than the chunk.
  func grow(upTo limit: Int) {
    buffer.append(contentsOf: repeatElement(0, count: max(0, min(buffer.count, limit - buffer.count))))
  }

  /// Starts the chunk with `other`'s bytes from `start` on (its last line, unfinished),
  /// growing to hold them.
  func take(from other: LineChunk, at start: Int) {
    let length = other.count - start
    let needed = max(size, length + 1)
    if buffer.count < needed { buffer.append(contentsOf: repeatElement(0, count: needed - buffer.count)) }
    buffer.copyBytes(of: other.buffer, start..<other.count, to: 0)
    count = length
  }

  /// Decodes each line, as `LineReader` splits them: without its `\n` and a `\r` before it; a
  /// line of `maximumLineLength` bytes or more by its start only.
  func decode(maximumLineLength: Int) {
    buffer.withBytes { bytes in
      var start = 0
      while let newline = LineReader.newline(in: bytes, start..<count) {
        defer { start = newline + 1 }
        if newline - start >= maximumLineLength {
          decoder.tooLong(bytes.view(start..<start + maximumLineLength))
          continue
        }
        var lineEnd = newline
        if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        decoder.line(bytes.view(start..<lineEnd))
      }
      guard start < count else { return }
      let rest = bytes.view(start..<count)
      if final { decoder.line(rest) } else { decoder.tooLong(rest) }
    }
  }
}
