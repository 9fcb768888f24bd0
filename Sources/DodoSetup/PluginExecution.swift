import DodoPlatform

extension Plugin {
  /// Runs the plugin in place of this process (`execve`) with `arguments` verbatim, as
  /// `dodo-NAME`, and `environment`: its exit status, or the signal that ended it, is what
  /// the caller sees, and its standard streams are this process's. Returns only by throwing,
  /// when it cannot be run.
  package func execute(arguments: [String], environment: [String: String]) throws(SystemError) -> Never {
    try Syscalls.execute(
      path, arguments: [Array((Self.prefix + name).utf8)] + Self.originalBytes(arguments),
      environment: Self.originalBytes(environment))
  }

  /// `arguments` as this process was given them, when they are the end of its argv: Swift
  /// decoded invalid UTF-8 in them to U+FFFD, and a plugin gets the bytes themselves.
  package static func originalBytes(_ arguments: [String]) -> [[UInt8]] {
    let tail = Syscalls.argumentBytes().suffix(arguments.count)
    guard tail.count == arguments.count, zip(tail, arguments).allSatisfy({ SystemText.decode($0) == $1 }) else {
      return arguments.map(SystemText.encode)
    }
    return Array(tail)
  }

  /// `environment` as `NAME=value` entries, each with this process's original bytes where
  /// it is unchanged from them (see `originalBytes(_: [String])`).
  package static func originalBytes(_ environment: [String: String]) -> [[UInt8]] {
    var entries: [[UInt8]] = []
    var kept = Set<String>()
    for entry in Syscalls.environmentBytes() {
      let text = SystemText.decode(entry)
      guard let equals = text.firstIndex(of: "=") else { continue }
      let name = String(text[..<equals])
      if !kept.contains(name), environment[name] == String(text[text.index(after: equals)...]) {
        kept.insert(name)
        entries.append(entry)
      }
    }
    for (name, value) in environment where !kept.contains(name) {
      entries.append(SystemText.encode("\(name)=\(value)"))
    }
    return entries.sorted { $0.lexicographicallyPrecedes($1) }
  }
}
