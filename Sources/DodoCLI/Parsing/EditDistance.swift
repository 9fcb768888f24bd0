/// The candidate closest to `word` by edit distance, when it is close enough to be the word
/// the user meant ("did you mean …?").
func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
  let limit = max(2, word.count / 3)
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    // A clear prefix ("explain" for "explain-status") is as good as a near miss.
    let distance = word.count >= 3 && candidate.hasPrefix(word) ? 1 : editDistance(word, candidate)
    if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
  }
  return best?.name
}

/// Levenshtein distance, over Unicode scalars.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  var previous = Array(0...b.count)
  var current = previous
  for i in 1...a.count {
    current[0] = i
    for j in stride(from: 1, through: b.count, by: 1) {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
