internal import CYAML
import DodoBytes

/// Reads one YAML document into a `YAMLNode` tree with libyaml, enforcing `YAMLLimits`.
///
/// This file is the only place that sees libyaml. What it refuses, and why:
/// - bytes that are not UTF-8 (libyaml would otherwise guess UTF-16 from a byte-order mark);
/// - more than one document: a config is one mapping;
/// - anchors and aliases: a config has no use for them, and refusing them is what makes a
///   "billion laughs" file fail at its first anchor instead of expanding;
/// - explicit tags (`!!str`): the schema decides types;
/// - nesting deeper than `YAMLLimits.maxDepth`; the tree is built with an explicit stack, so
///   depth never turns into recursion;
/// - non-scalar mapping keys and duplicate keys.
enum YAMLParser {
  /// The document's root node, or `nil` for a file with no document (empty, or only comments).
  static func parse(_ text: ConfigText) throws(ConfigError) -> YAMLNode? {
    if let offset = firstInvalidUTF8Offset(text.bytes) {
      throw text.error("the file is not valid UTF-8", at: text.mark(atOffset: offset))
    }
    guard !text.bytes.isEmpty else { return nil }
    let result = text.bytes.withUnsafeBufferPointer { buffer in
      // The parser reads `buffer` lazily, so it lives and dies inside this closure.
      let parser = LibYAMLParser(buffer)
      var builder = TreeBuilder(text: text)
      return Result { () throws(ConfigError) in try builder.build(from: parser) }
    }
    return try result.get()
  }

  /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
  /// ASCII is stepped over eight bytes at a time (each byte is a whole sequence) and only the
  /// other bytes decoded: a config file is mostly ASCII, and decoding all of it, or looking at
  /// it byte by byte, is a visible part of start-up.
  static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var offset = 0
    while offset < bytes.count {
      offset = bytes.withBytes { ByteWord.firstMarked(in: $0, from: offset, to: $0.count, ByteWord.nonASCII) }
      guard offset < bytes.count else { return nil }
      var iterator = bytes[offset...].makeIterator()
      var decoder = UTF8()
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
    return nil
  }
}

/// One libyaml parser over a caller-owned buffer. The parser struct points at itself once
/// input is set, so it lives at a fixed heap address; `deinit` frees libyaml's buffers.
private final class LibYAMLParser {
  let parser: UnsafeMutablePointer<yaml_parser_t>
  let event: UnsafeMutablePointer<yaml_event_t>
  /// `yaml_parser_initialize` fails only when malloc does, leaving `YAML_MEMORY_ERROR` set.
  private let initialized: Bool
  private var hasEvent = false

  /// `buffer` must not be empty (libyaml asserts on a null input) and must outlive the parser.
  init(_ buffer: UnsafeBufferPointer<UInt8>) {
    parser = .allocate(capacity: 1)
    event = .allocate(capacity: 1)
    initialized = yaml_parser_initialize(parser) != 0
    if initialized { yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count) }
  }

  deinit {
    if hasEvent { yaml_event_delete(event) }
    if initialized { yaml_parser_delete(parser) }
    event.deallocate()
    parser.deallocate()
  }

  /// The next event, valid until the following call; `false` when libyaml reports an error.
  func next() -> Bool {
    guard initialized else { return false }
    if hasEvent { yaml_event_delete(event) }
    hasEvent = yaml_parser_parse(parser, event) != 0
    return hasEvent
  }
}

/// Turns the event stream into nodes with an explicit stack of open collections.
private struct TreeBuilder {
  let text: ConfigText

  /// A sequence or mapping whose end event has not come yet; mutated in place on the stack.
  private struct Open {
    var mark: YAMLMark
    var isMapping: Bool
    var items: [YAMLNode] = []
    var entries: [YAMLEntry] = []
    /// A mapping's key that waits for its value.
    var key: (text: String, mark: YAMLMark)?
    /// A mapping's keys by name, once it has more than `linearSearchLimit`; below, `entries`
    /// are searched: a config's mappings are small, and hashing every key cost more than the
    /// rest of building the tree.
    var seen: [String: YAMLMark]?

    /// Above this many keys, a mapping's duplicates are looked up by hash, so that a hostile
    /// file with many keys stays linear.
    static let linearSearchLimit = 16

    var node: YAMLNode { YAMLNode(content: isMapping ? .mapping(entries) : .sequence(items), mark: mark) }

    /// Records the mapping's next key, `key` at `mark`; where it was first given when the
    /// mapping has it already.
    mutating func noteKey(_ key: String, at mark: YAMLMark) -> YAMLMark? {
      if seen == nil {
        if let first = entries.first(where: { $0.key == key }) { return first.keyMark }
        guard entries.count >= Self.linearSearchLimit else { return nil }
        seen = Dictionary(entries.lazy.map { ($0.key, $0.keyMark) }, uniquingKeysWith: { first, _ in first })
      }
      if let first = seen?[key] { return first }
      seen?[key] = mark
      return nil
    }
  }

  private var open: [Open] = []
  private var root: YAMLNode?
  private var documents = 0

  init(text: ConfigText) { self.text = text }

  mutating func build(from parser: LibYAMLParser) throws(ConfigError) -> YAMLNode? {
    while parser.next() {
      let event = parser.event.pointee
      let mark = YAMLMark(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return root
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 {
          throw text.error("a config file holds one YAML document; this is a second one", at: mark)
        }
      case YAML_ALIAS_EVENT:
        throw text.error("aliases ('*name') are not allowed in a dodo config", at: mark)
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        try refuse(anchor: scalar.anchor, tag: scalar.tag, at: mark)
        let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
        try add(YAMLNode(content: .scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), mark: mark))
      case YAML_SEQUENCE_START_EVENT:
        try refuse(anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: mark)
        try checkDepth(at: mark)
        open.append(Open(mark: mark, isMapping: false))
      case YAML_MAPPING_START_EVENT:
        try refuse(anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: mark)
        try checkDepth(at: mark)
        open.append(Open(mark: mark, isMapping: true))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        try add(open.removeLast().node)
      default:
        break  // stream start, document end: nothing to build
      }
    }
    throw syntaxError(parser.parser.pointee)
  }

  private func refuse(
    anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at mark: YAMLMark
  )
    throws(ConfigError)
  {
    if anchor != nil { throw text.error("anchors ('&name') are not allowed in a dodo config", at: mark) }
    if tag != nil { throw text.error("tags ('!name') are not allowed in a dodo config", at: mark) }
  }

  private func checkDepth(at mark: YAMLMark) throws(ConfigError) {
    if open.count >= YAMLLimits.maxDepth {
      throw text.error("nesting is deeper than \(YAMLLimits.maxDepth) levels", at: mark)
    }
  }

  /// Puts a finished node into the collection that is open, or makes it the root.
  private mutating func add(_ node: YAMLNode) throws(ConfigError) {
    let top = open.count - 1
    guard top >= 0 else {
      root = node
      return
    }
    guard open[top].isMapping else {
      open[top].items.append(node)
      return
    }
    if let key = open[top].key {
      open[top].entries.append(YAMLEntry(key: key.text, keyMark: key.mark, value: node))
      open[top].key = nil
      return
    }
    guard case .scalar(let key, _) = node.content else {
      throw text.error("a mapping key must be a plain name, not \(node.kindDescription)", at: node.mark)
    }
    if let first = open[top].noteKey(key, at: node.mark) {
      throw text.error("duplicate key '\(key)' (first given on line \(first.line))", at: node.mark)
    }
    open[top].key = (key, node.mark)
  }

  /// libyaml's error as a `ConfigError`; libyaml's marks are 0-based.
  private func syntaxError(_ parser: yaml_parser_t) -> ConfigError {
    let problem = parser.problem.map { String(cString: $0) } ?? "the file could not be read as YAML"
    switch parser.error {
    case YAML_MEMORY_ERROR:
      return text.error("out of memory while reading YAML")
    case YAML_READER_ERROR:
      return text.error(problem, at: text.mark(atOffset: parser.problem_offset))
    default:
      var message = problem
      if let context = parser.context.map({ String(cString: $0) }) {
        let start = parser.context_mark
        message += " (\(context) that starts at line \(start.line + 1), column \(start.column + 1))"
      }
      let mark = parser.problem_mark
      return text.error(message, at: YAMLMark(line: mark.line + 1, column: mark.column + 1))
    }
  }
}

/// The libyaml linked in (statically, in the shipped binary), for `dodo --version`.
package enum LibYAML {
  /// `yaml_get_version_string()`: `0.2.5`.
  package static var version: String { String(cString: yaml_get_version_string()) }
}
