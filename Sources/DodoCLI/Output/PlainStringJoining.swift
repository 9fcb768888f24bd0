/// Joining strings without the standard library's generic paths, for every command's output:
/// `joined`, `string + substring` and `+=` run unspecialized generic code that looks up
/// protocol conformances at run time on first use, a large part of a short command's start-up
/// (docs/benchmarks.md). These concrete overloads are chosen over the generic ones.
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
