/// "Did you mean …?": the known word closest to a misspelt one. The one rule for every
/// suggestion dodo makes — config keys and profile names here, commands and options in the
/// command line — so a typo is forgiven the same way everywhere.
package enum Suggestion {
  /// The candidate nearest to `word`, when it is close enough to be a likely typo: within a
  /// third of the word's length in edits (at least 2, at most 3), or a clear prefix of it
  /// (`explain` for `explain-status`, `time` for `timeout`), which counts as one edit.
  package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
    let limit = min(3, max(2, word.count / 3))
    let typed = Array(word.unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance =
        typed.count >= 3 && candidate.hasPrefix(word) ? 1 : editDistance(typed, Array(candidate.unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
  /// neighbours each cost 1, so `retrun_url` is one edit from `return_url` and `strat` one
  /// from `start`.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], twoBack[j - 2] + 1)
        }
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }
}
