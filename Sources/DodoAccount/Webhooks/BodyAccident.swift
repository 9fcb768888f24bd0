/// What commonly happens to a webhook body between Dodo signing it and the receiving code
/// verifying it: a framework or a copy and paste changed the bytes. The verifier tries each
/// on a mismatch and names the one that explains it.
public enum BodyAccident: String, Sendable, Hashable, CaseIterable {
  case trailingNewlineAdded
  case trailingNewlineRemoved
  case lineEndsChangedToCRLF
  case lineEndsChangedToLF
  /// The JSON was parsed and written again without white space.
  case jsonReserializedCompactly
  /// The JSON was parsed and written again with white space added or changed.
  case jsonReserializedWithSpaces

  /// What happened, in a few words: "a trailing newline was added".
  public var summary: String {
    switch self {
    case .trailingNewlineAdded: "a trailing newline was added"
    case .trailingNewlineRemoved: "the trailing newline was removed"
    case .lineEndsChangedToCRLF: "its line ends were changed to CRLF"
    case .lineEndsChangedToLF: "its CRLF line ends were changed to LF"
    case .jsonReserializedCompactly: "the JSON was parsed and re-serialized compactly"
    case .jsonReserializedWithSpaces: "the JSON was parsed and re-serialized with different spacing"
    }
  }

  /// The whole diagnosis, for a person.
  public var message: String { "the body was changed after signing: \(summary) — verify the raw bytes" }

  /// The bodies that, had they been signed, would have become `body` through one accident:
  /// each with the accident that would explain it. Cheap: at most a handful of candidates.
  static func candidates(for body: [UInt8]) -> [(BodyAccident, [UInt8])] {
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var result: [(BodyAccident, [UInt8])] = []
    if body.last == newline {
      let trimmed = body.count >= 2 && body[body.count - 2] == carriageReturn ? body.dropLast(2) : body.dropLast()
      result.append((.trailingNewlineAdded, Array(trimmed)))
    } else {
      result.append((.trailingNewlineRemoved, body + [newline]))
      result.append((.trailingNewlineRemoved, body + [carriageReturn, newline]))
    }
    if body.contains(newline) {
      var lf: [UInt8] = []
      var crlf: [UInt8] = []
      var hadCRLF = false
      var hadBareLF = false
      for (offset, byte) in body.enumerated() {
        if byte == newline, offset > 0, body[offset - 1] == carriageReturn {
          hadCRLF = true
          lf.removeLast()
        } else if byte == newline {
          hadBareLF = true
          crlf.append(carriageReturn)
        }
        lf.append(byte)
        crlf.append(byte)
      }
      if hadCRLF { result.append((.lineEndsChangedToCRLF, lf)) }
      if hadBareLF { result.append((.lineEndsChangedToLF, crlf)) }
    }
    if let json = JSONValue(parsing: body) {
      let compact = json.serialized(.compact)
      let isCompact = compact == body
      for layout in [JSONValue.Layout.compact, .spaced, .indented] {
        let original = layout == .compact ? compact : json.serialized(layout)
        guard original != body else { continue }
        result.append((isCompact ? .jsonReserializedCompactly : .jsonReserializedWithSpaces, original))
        result.append((isCompact ? .jsonReserializedCompactly : .jsonReserializedWithSpaces, original + [newline]))
      }
    }
    return result
  }
}

extension WebhookVerdict {
  /// The body accident that explains a signature mismatch, when one does.
  package var accident: BodyAccident? {
    for case .signatureMismatch(let accident?) in problems { return accident }
    return nil
  }
}
