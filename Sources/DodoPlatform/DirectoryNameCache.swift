/// The names that start with a prefix (`dodo-`) in directories, as they were when last read:
/// `dodo help` lists the plugins on `PATH`, and reading a large directory (`/usr/bin`) costs
/// more than the rest of the command. An entry stands for one directory, by its identity, with
/// the change time the directory had before it was read; it is used only while the directory
/// still has that change time (see `names(in:now:skipping:)`).
///
/// The file is text: a version line, then for each directory a `directory DEV INO SECONDS
/// NANOSECONDS` line and one `name NAME` line per name, then `end` (so that a file cut short
/// at a line's end is not taken for a shorter list). A name is any bytes but `/` and NUL (a
/// newline, bytes that are not UTF-8): every byte outside `!`…`~`, and `\`, is written `\xHH`.
/// Anything else in the file makes the whole of it void.
package struct DirectoryNameCache: Sendable, Equatable {
  package struct Entry: Sendable, Hashable {
    package var changeTime: Syscalls.FileTime
    /// In the order the directory gave them, which a listing follows: of two names that Swift
    /// takes for one (`dodo-\u{E9}`, `dodo-e\u{301}`), the first found is the one listed.
    package var names: [String]

    package init(changeTime: Syscalls.FileTime, names: [String]) {
      self.changeTime = changeTime
      self.names = names
    }
  }

  /// Every name in the cache starts with it.
  package let prefix: String
  package var entries: [Syscalls.FileIdentity: Entry]

  static let versionLine = "dodo directory-names 1"
  /// A larger file is not read (and not written): no `PATH` has that many plugins.
  package static let sizeLimit = 256 * 1024
  /// Directories beyond it are forgotten, keeping those of the latest listing: entries of
  /// another `PATH` (a shell with a virtualenv) stay useful, but not without bound.
  package static let entryLimit = 64

  package init(prefix: String, entries: [Syscalls.FileIdentity: Entry] = [:]) {
    self.prefix = prefix
    self.entries = entries
  }

  /// The file's contents, directories in the order of their identity: the same entries are
  /// the same bytes.
  package func serialized() -> [UInt8] {
    var bytes = Array((Self.versionLine + "\n").utf8)
    let order = entries.keys.sorted { ($0.device, $0.inode) < ($1.device, $1.inode) }
    for identity in order {
      guard let entry = entries[identity] else { continue }
      let time = entry.changeTime
      bytes += "directory \(identity.device) \(identity.inode) \(time.seconds) \(time.nanoseconds)\n".utf8
      for name in entry.names {
        bytes += "name ".utf8
        Self.escape(SystemText.encode(name), into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
    }
    bytes += "end\n".utf8
    return bytes
  }

  /// The cache `bytes` hold; `nil` when anything in them is not as `serialized()` writes it.
  /// Read by index, without `split`: an array of slices is a generic type whose metadata the
  /// runtime builds on first use, which cost `dodo help` more than the rest of this reading.
  package init?(parsing bytes: [UInt8], prefix: String) {
    self.init(prefix: prefix)
    guard bytes.count <= Self.sizeLimit else { return nil }
    var lines = Lines(bytes: bytes[...])
    guard lines.next()?.elementsEqual(Self.versionLine.utf8) == true else { return nil }
    let prefixBytes = Array(prefix.utf8)
    var current: Entry?
    var currentIdentity = Syscalls.FileIdentity(device: 0, inode: 0)
    while let line = lines.next() {
      if let name = Self.field(line, after: "name ") {
        guard current != nil, let name = Self.name(name, prefix: prefixBytes) else { return nil }
        current?.names.append(name)
      } else if let fields = Self.field(line, after: "directory "), let directory = Self.directory(fields) {
        guard add(current, as: currentIdentity) else { return nil }
        (current, currentIdentity) = (Entry(changeTime: directory.time, names: []), directory.identity)
      } else {
        guard line.elementsEqual("end".utf8), lines.bytes.isEmpty, add(current, as: currentIdentity) else {
          return nil
        }
        return
      }
    }
    // Cut short: no `end` line, or a last line without its newline.
    return nil
  }

  /// The lines of `bytes`, each without its newline; a last piece without one is not a line.
  private struct Lines {
    var bytes: ArraySlice<UInt8>

    mutating func next() -> ArraySlice<UInt8>? {
      guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      defer { bytes = bytes[(newline + 1)...] }
      return bytes[..<newline]
    }
  }

  /// Adds a parsed directory; `false` for one named twice.
  private mutating func add(_ parsed: Entry?, as identity: Syscalls.FileIdentity) -> Bool {
    guard let parsed else { return true }
    guard entries[identity] == nil else { return false }
    entries[identity] = parsed
    return true
  }

  private static func field(_ line: ArraySlice<UInt8>, after tag: String) -> ArraySlice<UInt8>? {
    guard line.starts(with: tag.utf8) else { return nil }
    return line.dropFirst(tag.utf8.count)
  }

  /// `DEV INO SECONDS NANOSECONDS`, in decimal digits (the seconds may be negative), one space
  /// between them.
  private static func directory(_ fields: ArraySlice<UInt8>)
    -> (identity: Syscalls.FileIdentity, time: Syscalls.FileTime)?
  {
    var rest = fields
    guard let deviceField = word(&rest), let device = decimal(deviceField), let inodeField = word(&rest),
      let inode = decimal(inodeField), let secondsField = word(&rest), let nanoseconds = decimal(rest),
      nanoseconds < 1_000_000_000
    else { return nil }
    let negative = secondsField.first == UInt8(ascii: "-")
    guard let magnitude = decimal(negative ? secondsField.dropFirst() : secondsField),
      magnitude <= UInt64(Int64.max)
    else { return nil }
    let seconds = negative ? -Int64(magnitude) : Int64(magnitude)
    return (
      Syscalls.FileIdentity(device: device, inode: inode),
      Syscalls.FileTime(seconds: seconds, nanoseconds: Int64(nanoseconds))
    )
  }

  /// The bytes before the first space of `rest`, which is left after that space; `nil`
  /// without a space.
  private static func word(_ rest: inout ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let space = rest.firstIndex(of: UInt8(ascii: " ")) else { return nil }
    defer { rest = rest[(space + 1)...] }
    return rest[..<space]
  }

  /// Digits only (no sign, no space), within `UInt64`.
  private static func decimal(_ digits: ArraySlice<UInt8>) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 20 else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }

  /// A name as written by `escape`, when it is one a directory listing with `prefix` gives:
  /// starting with the prefix, without `/` or NUL.
  private static func name(_ escaped: ArraySlice<UInt8>, prefix: [UInt8]) -> String? {
    guard let bytes = unescape(escaped), bytes.starts(with: prefix),
      !bytes.contains(UInt8(ascii: "/")), !bytes.contains(0)
    else { return nil }
    return SystemText.decode(bytes)
  }

  /// Printable ASCII but `\` as itself; every other byte as `\xHH`, so that a name is one
  /// line of visible characters whatever its bytes.
  static func escape(_ bytes: [UInt8], into output: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    for byte in bytes {
      if isPlain(byte) {
        output.append(byte)
      } else {
        output += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      }
    }
  }

  /// The bytes `escape` wrote; `nil` for anything it would not write.
  static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      if isPlain(byte) {
        bytes.append(byte)
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "\\"), text.endIndex - index >= 4, text[index + 1] == UInt8(ascii: "x"),
        let high = hexDigit(text[index + 2]), let low = hexDigit(text[index + 3])
      else { return nil }
      let value = high << 4 | low
      // Written as itself, it is not to be written escaped: one name, one spelling.
      guard !isPlain(value) else { return nil }
      bytes.append(value)
      index += 4
    }
    return bytes
  }

  private static func isPlain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") }

  /// A lower-case hexadecimal digit's value (`escape` writes no other).
  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
