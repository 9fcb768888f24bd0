/// One piece of a URL query, `name=value` up to the next `&` or `#`, as
/// `QuerySplitter.next()` finds it: the byte loop of the query's reading, with no
/// bounds check per byte; what the names mean is the reader's business.
@frozen public struct QueryPiece {
  /// The name's bytes: up to the first `=`, or the whole piece when it has none.
  public let name: ByteView
  /// The value's bytes: after the first `=`; empty when there is none.
  public let value: ByteView
  /// Where the value starts in the bytes split (the piece's end when it has no `=`).
  public let valueStart: Int
  /// The name's first eight bytes (fewer for a shorter name, the lanes above zero), as
  /// `ByteWord.partial` reads them.
  public let nameWord: UInt64
  /// Whether name and value hold a `%`, or a byte that is not ASCII.
  public let nameEscaped: Bool, valueEscaped: Bool, nameNonASCII: Bool, valueNonASCII: Bool

  @inlinable init(
    name: ByteView, value: ByteView, valueStart: Int, nameWord: UInt64, nameEscaped: Bool, valueEscaped: Bool,
    nameNonASCII: Bool, valueNonASCII: Bool
  ) {
    (self.name, self.value, self.valueStart, self.nameWord) = (name, value, valueStart, nameWord)
    (self.nameEscaped, self.valueEscaped) = (nameEscaped, valueEscaped)
    (self.nameNonASCII, self.valueNonASCII) = (nameNonASCII, valueNonASCII)
  }
}

/// What of a query is not URL text, first found: a `%` not followed by two hex digits, a
/// control character (C0, DEL or C1 as UTF-8), a space; at the byte's index.
public enum QueryFault: Equatable, Sendable {
  case malformedEscape(at: Int)
  case controlCharacter(at: Int)
  case space(at: Int)
}

/// The splitting of a URL query into its pieces, `name=value` between `&`s up to the first
/// `#`: `next()` gives each non-empty piece in order, in one pass that also finds what of the
/// query is not URL text. The query is read in blocks of 64 bytes (`QueryBlock`), each
/// piece found from the blocks' bits; from the first block that holds a byte other than plain
/// URL text on, byte by byte, jumping from one byte that matters to the next a word at a time.
@frozen public struct QuerySplitter {
  @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
  @usableFromInline var current: Int
  @usableFromInline var stopped = false
  @usableFromInline var firstFault: QueryFault?
  @usableFromInline var sawHTMLAmpersand = false
  /// The block `current` is in, once classified.
  @usableFromInline var block = QueryBlock.none
  /// Whether a block held a byte other than plain URL text: the rest is read byte by byte.
  @usableFromInline var byteByByte = false

  /// Where the splitting stands; once `next()` has given `nil`, where it stopped: at the
  /// `#` that ends the query, or the end of the bytes.
  @inlinable public var position: Int { current }
  /// The first byte of the query read so far that is not URL text; `nil` when all are.
  @inlinable public var fault: QueryFault? { firstFault }
  /// Whether an `&` read so far was followed by `amp;` (HTML's `&`, as an email writes it).
  @inlinable public var holdsHTMLAmpersand: Bool { sawHTMLAmpersand }

  /// Splits the query of `bytes` that starts at `start` (after its `?`).
  @inlinable public init(_ bytes: ByteView, from start: Int) {
    precondition(start >= 0 && start <= bytes.count, "start out of range")
    buffer = bytes.buffer
    current = start
  }

  /// The next non-empty piece; `nil` at the query's end.
  @inlinable @inline(__always) public mutating func next() -> QueryPiece? {
    let count = buffer.count
    pieces: while !stopped && current < count {
      if byteByByte { return nextByteByByte() }
      let pieceStart = current
      var position = current
      var equals = -1
      var escaped = (name: false, value: false)
      var pieceEnd: Int
      while true {
        if position >= block.end { block = QueryBlock.classify(buffer, from: position) }
        guard block.isPlain else {
          byteByByte = true
          continue pieces
        }
        let live = ~0 &<< UInt64(position &- block.start)
        let ampersands = block.ampersands & live
        let endOffset = ampersands == 0 ? block.count : ampersands.trailingZeroBitCount
        let inPiece = live & ByteBits.below(endOffset)
        let equalSigns = block.equalSigns & inPiece
        if equals < 0 && equalSigns != 0 { equals = block.start &+ equalSigns.trailingZeroBitCount }
        let percentSigns = block.percentSigns & inPiece
        if percentSigns != 0 {
          if firstFault == nil { checkEscapes(percentSigns, from: block.start) }
          // The bits below the piece's `=` are the name's; an `=` in an earlier block, none.
          let name = ByteBits.below(equals < 0 ? 64 : max(0, equals &- block.start))
          escaped.name = escaped.name || percentSigns & name != 0
          escaped.value = escaped.value || percentSigns & ~name != 0
        }
        if ampersands != 0 || block.end == count {
          pieceEnd = block.start &+ endOffset
          break
        }
        position = block.end
      }
      current = pieceEnd
      if pieceEnd < count {
        noteHTMLAmpersand(at: pieceEnd)
        current &+= 1
      } else {
        stopped = true
      }
      guard pieceEnd > pieceStart else { continue }
      return piece(
        from: pieceStart, equals: equals, to: pieceEnd, escaped: escaped, nonASCII: (name: false, value: false))
    }
    return nil
  }

  /// Notes the first fault among the `%`s that `percentSigns` marks (bit `i`: the byte at
  /// `start + i`): one not followed by two hex digits.
  @inlinable @inline(__always) mutating func checkEscapes(_ percentSigns: UInt64, from start: Int) {
    var marks = percentSigns
    while marks != 0 {
      let i = start &+ marks.trailingZeroBitCount
      if !isEscape(at: i) {
        firstFault = .malformedEscape(at: i)
        return
      }
      marks &= marks &- 1
    }
  }

  /// Whether the `%` at `i` is followed by two hex digits.
  @inlinable @inline(__always) func isEscape(at i: Int) -> Bool {
    i &+ 2 < buffer.count && PercentDecoding.isHexDigit(buffer[i &+ 1]) && PercentDecoding.isHexDigit(buffer[i &+ 2])
  }

  /// Notes an `&` at `i` followed by `amp;`.
  @inlinable @inline(__always) mutating func noteHTMLAmpersand(at i: Int) {
    // "amp;" as `ByteWord.partial` reads it (first byte lowest).
    if buffer.count &- i >= 5, ByteWord.partial(buffer, at: i &+ 1, count: 4) == 0x3B70_6D61 {
      sawHTMLAmpersand = true
    }
  }

  /// The piece `pieceStart..<pieceEnd`, its first `=` at `equals` (-1 for none).
  @inlinable @inline(__always) func piece(
    from pieceStart: Int, equals: Int, to pieceEnd: Int, escaped: (name: Bool, value: Bool),
    nonASCII: (name: Bool, value: Bool)
  ) -> QueryPiece {
    let nameEnd = equals < 0 ? pieceEnd : equals
    let valueStart = equals < 0 ? pieceEnd : equals &+ 1
    let base = buffer.baseAddress
    return QueryPiece(
      name: ByteView(UnsafeBufferPointer(start: base.map { $0 + pieceStart }, count: nameEnd &- pieceStart)),
      value: ByteView(UnsafeBufferPointer(start: base.map { $0 + valueStart }, count: pieceEnd &- valueStart)),
      valueStart: valueStart,
      nameWord: ByteWord.partial(buffer, at: pieceStart, count: min(8, nameEnd &- pieceStart)),
      nameEscaped: escaped.name, valueEscaped: escaped.value, nameNonASCII: nonASCII.name,
      valueNonASCII: nonASCII.value)
  }

  /// The next non-empty piece, read byte by byte from `current`; `nil` at the query's end.
  /// Out of line: the queries that need it are rare, and the usual pass stays small.
  @usableFromInline @inline(never) mutating func nextByteByByte() -> QueryPiece? {
    let count = buffer.count
    var i = current
    defer { current = i }
    while !stopped && i < count {
      let pieceStart = i
      var equals = -1
      var escaped = (name: false, value: false)
      var nonASCII = (name: false, value: false)
      while true {
        i = ByteWord.scan(buffer, from: i, to: count, Self.specialBytes) { _, _ in }
        guard i < count else { break }
        let c = buffer[i]
        if c == UInt8(ascii: "&") {
          noteHTMLAmpersand(at: i)
          break
        }
        if c == UInt8(ascii: "#") { break }
        switch c {
        case UInt8(ascii: "="): if equals < 0 { equals = i }
        case UInt8(ascii: "%"):
          if equals < 0 { escaped.name = true } else { escaped.value = true }
          if firstFault == nil, !isEscape(at: i) { firstFault = .malformedEscape(at: i) }
        case 0x80...:
          if equals < 0 { nonASCII.name = true } else { nonASCII.value = true }
          if firstFault == nil, c == 0xC2, i &+ 1 < count, (0x80...0x9F).contains(buffer[i &+ 1]) {
            firstFault = .controlCharacter(at: i)  // U+0080...U+009F, the C1 controls
          }
        case 0x21..<0x7F: break  // `$`, which shares the mask's range with `#`, `%` and `&`
        default: if firstFault == nil { firstFault = c == 0x20 ? .space(at: i) : .controlCharacter(at: i) }
        }
        i &+= 1
      }
      let pieceEnd = i
      if i < count && buffer[i] == UInt8(ascii: "&") { i &+= 1 } else { stopped = true }
      guard pieceEnd > pieceStart else { continue }  // an empty piece ("a=1&&b=2") is no parameter
      return piece(from: pieceStart, equals: equals, to: pieceEnd, escaped: escaped, nonASCII: nonASCII)
    }
    return nil
  }

  /// Marks the bytes of `word` that the query's pass looks at: `#`, `$`, `%` and `&` (0x23
  /// to 0x26, one range), `=`, and all that is not printable ASCII.
  @inlinable @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
    (~ByteWord.atLeast(word, 0x21) | ByteWord.atLeast(word, 0x23) & ~ByteWord.atLeast(word, 0x27)
      | ByteWord.atLeast(word, 0x7F)) & ByteWord.highs | ByteWord.exactlyEqual(word, UInt8(ascii: "="))
  }
}
