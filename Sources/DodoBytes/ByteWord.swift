#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Eight bytes as one `UInt64` (first byte lowest), and masks that mark the bytes of a class
/// with their lane's high bit (Hacker's Delight, 6-1): the scans look at eight bytes a step.
/// `exactlyEqual` and `atLeast` are exact; the cheaper `equal` and `below` may also mark lanes
/// above a match (a borrow), never below, so their first mark, all a scan asks, is exact.
public enum ByteWord {
  @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
  @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

  /// The eight bytes at `pointer`.
  @inlinable @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  /// The `count` (0 to 8) bytes of `bytes` from `offset` in the lowest lanes, the lanes
  /// above them zero. Reads no byte outside `bytes`: a whole word where eight fit, else the
  /// word that ends with the last byte, shifted down, else two four-byte halves that may
  /// overlap, else byte by byte.
  @inlinable @inline(__always)
  public static func partial(_ bytes: ByteView, at offset: Int, count: Int) -> UInt64 {
    precondition(
      UInt(bitPattern: offset) <= UInt(bitPattern: bytes.count)
        && UInt(bitPattern: count) <= min(8, UInt(bitPattern: bytes.count &- offset)),
      "word out of range")
    return partial(bytes.buffer, at: offset, count: count)
  }

  @inlinable @inline(__always)
  static func partial(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) -> UInt64 {
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    if offset &+ 8 <= bytes.count { return load(base + offset) & lanes(count) }
    if offset &+ count >= 8 { return load(base + (offset &+ count &- 8)) &>> UInt64(64 &- 8 &* count) }
    if count >= 4 {
      func half(_ at: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)))
      }
      return half(offset) | half(offset &+ count &- 4) &<< UInt64(8 &* (count &- 4))
    }
    var word: UInt64 = 0
    for k in 0..<count { word |= UInt64(base[offset &+ k]) &<< UInt64(8 &* k) }
    return word
  }

  /// The high bits of the lowest `count` (0 to 8) lanes: a mask's part inside a short word.
  @inlinable @inline(__always)
  public static func lanes(_ count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
  }

  /// The lane of the first byte `mask` marks; 8 when it marks none.
  @inlinable @inline(__always)
  public static func first(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }

  /// Marks the bytes of `word` equal to `byte`.
  @inlinable @inline(__always)
  public static func exactlyEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let difference = word ^ (ones &* UInt64(byte))
    // A lane is zero when neither its low seven bits (which cannot carry out of it) nor its high bit is set.
    return ~(((difference & ~highs) &+ ~highs) | difference) & highs
  }

  /// Marks the ASCII bytes of `word` that are at least `limit` (at most 0x80).
  @inlinable @inline(__always)
  public static func atLeast(_ word: UInt64, _ limit: UInt8) -> UInt64 {
    ((word & ~highs) &+ ones &* UInt64(0x80 &- limit)) & ~word & highs
  }

  /// Marks the bytes of `word` below `limit` (at most 0x80); only the first mark is exact.
  @inlinable @inline(__always)
  public static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
    (word &- ones &* UInt64(limit)) & ~word & highs
  }

  /// Marks the bytes of `word` equal to `byte`; only the first mark is exact.
  @inlinable @inline(__always)
  public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & highs
  }

  /// Marks the bytes of `word` that are not ASCII.
  @inlinable @inline(__always)
  public static func nonASCII(_ word: UInt64) -> UInt64 { word & highs }

  /// `word` with its ASCII capital letters made small.
  @inlinable @inline(__always)
  public static func lowercased(_ word: UInt64) -> UInt64 {
    word | (atLeast(word, UInt8(ascii: "A")) & ~atLeast(word, UInt8(ascii: "Z") + 1)) &>> 2
  }

  /// The index of the first byte of `bytes[start..<end]` that `marks` marks in its word, or
  /// `end`: eight bytes per step, then straight to the marked byte.
  @inlinable @inline(__always)
  public static func firstMarked(in bytes: ByteView, from start: Int, to end: Int, _ marks: (UInt64) -> UInt64) -> Int {
    precondition(start >= 0 && end <= bytes.count, "range out of bounds")
    return scan(bytes.buffer, from: start, to: end, marks) { _, _ in }
  }

  /// The one word-at-a-time scan: the index of the first byte of `bytes[start..<end]` that
  /// `marks` marks, or `end`, calling `clean` with the offset of each whole word before it
  /// (the cursor copies them as it goes). `end` is at most `bytes.count`.
  @inlinable @inline(__always)
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ marks: (UInt64) -> UInt64,
    clean: (Int, UInt64) -> Void
  ) -> Int {
    guard let base = bytes.baseAddress else { return end }
    var i = start
    // Two words a step, their marks tested together: one branch per sixteen bytes (measured
    // cheaper than testing a first word alone, even for the query's dense specials).
    while i &+ 16 <= end {
      let low = load(base + i)
      let high = load(base + (i &+ 8))
      let (lowMask, highMask) = (marks(low), marks(high))
      if lowMask | highMask != 0 {
        if lowMask != 0 { return i &+ first(lowMask) }
        clean(i, low)
        return i &+ 8 &+ first(highMask)
      }
      clean(i, low)
      clean(i &+ 8, high)
      i &+= 16
    }
    while i &+ 8 <= end {
      let word = load(base + i)
      let mask = marks(word)
      if mask != 0 { return i &+ first(mask) }
      clean(i, word)
      i &+= 8
    }
    guard i < end else { return end }
    let mask = marks(partial(bytes, at: i, count: end &- i)) & lanes(end &- i)
    return mask != 0 ? i &+ first(mask) : end
  }
}

extension ByteView {
  /// The index of the first `byte` in `range`, or `nil`: the C library's `memchr`, which
  /// looks at 32 bytes a step where the processor has them (a line's newline, mostly).
  public func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    guard let base = buffer.baseAddress, !range.isEmpty,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: found)
  }

  /// Whether no byte is `byte`.
  /// Two words a step, then the word that ends the bytes (some looked at twice) instead of
  /// `scan`'s shorter last word: the readers ask it of every line, for a rare byte.
  @inlinable @inline(__always) public func lacks(_ byte: UInt8) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    let n = buffer.count
    var i = 0
    while i &+ 16 <= n {
      let pair = ByteWord.equal(ByteWord.load(base + i), byte) | ByteWord.equal(ByteWord.load(base + (i &+ 8)), byte)
      if pair != 0 { return false }  // a lane is marked only where a byte matches or above one
      i &+= 16
    }
    if i &+ 8 <= n {
      if ByteWord.equal(ByteWord.load(base + i), byte) != 0 { return false }
      i &+= 8
    }
    if i < n, n >= 8 { return ByteWord.equal(ByteWord.load(base + (n &- 8)), byte) == 0 }
    while i < n {
      if base[i] == byte { return false }
      i &+= 1
    }
    return true
  }

  /// Whether every byte is ASCII.
  @inlinable public var isASCII: Bool { ByteWord.firstMarked(in: self, from: 0, to: count, ByteWord.nonASCII) == count }

  /// Whether every byte is printable ASCII, 0x20 to 0x7E (0x21 without `spaces`).
  @inlinable public func isPrintableASCII(spaces: Bool = true) -> Bool {
    let lowest: UInt8 = spaces ? 0x20 : 0x21
    return ByteWord.firstMarked(in: self, from: 0, to: count) {
      ByteWord.below($0, lowest) | ByteWord.atLeast($0, 0x7F) | ByteWord.nonASCII($0)
    } == count
  }

  /// Whether the bytes from `offset` are `literal`'s.
  @inlinable @inline(__always) public func hasBytes(_ literal: StaticString, at offset: Int) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard offset >= 0, count &- offset >= n else { return false }
    let want = UnsafeBufferPointer(start: literal.utf8Start, count: n)
    var i = 0
    while i &+ 8 <= n {
      if ByteWord.partial(buffer, at: offset &+ i, count: 8) != ByteWord.partial(want, at: i, count: 8) { return false }
      i &+= 8
    }
    return ByteWord.partial(buffer, at: offset &+ i, count: n &- i) == ByteWord.partial(want, at: i, count: n &- i)
  }

  /// Whether both hold the same bytes, a word at a time.
  @inlinable public func elementsEqual(_ other: ByteView) -> Bool {
    guard count == other.count else { return false }
    var i = 0
    while i &+ 8 <= count {
      if ByteWord.partial(buffer, at: i, count: 8) != ByteWord.partial(other.buffer, at: i, count: 8) { return false }
      i &+= 8
    }
    let rest = count &- i
    return ByteWord.partial(buffer, at: i, count: rest) == ByteWord.partial(other.buffer, at: i, count: rest)
  }
}
