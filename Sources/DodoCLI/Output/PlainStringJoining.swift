/// Joining strings without the standard library's generic paths, for every command's output.
///
/// `[String].joined(separator:)`, `string + substring` and `string += substring` run
/// unspecialized generic code in the standard library (`BidirectionalCollection.joined`,
/// `append(contentsOf:)` over any sequence of characters), which asks the runtime for
/// associated types on first use; in the static binary each first look-up scans all 3,600
/// protocol conformance records, about 150,000 instructions, a fifth of a short command's
/// start-up (docs/benchmarks.md). These concrete overloads are chosen over the generic ones
/// wherever DodoCLI joins strings, with the same results.
extension Array where Element == String {
  func joined(separator: String = "") -> String {
    var result = ""
    for index in indices {
      if index > startIndex { result += separator }
      result += self[index]
    }
    return result
  }
}

extension String {
  static func + (lhs: String, rhs: Substring) -> String {
    var result = lhs
    result.append(contentsOf: rhs)
    return result
  }

  static func += (lhs: inout String, rhs: Substring) { lhs.append(contentsOf: rhs) }
}
