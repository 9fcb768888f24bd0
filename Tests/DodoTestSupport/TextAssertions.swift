import Foundation
import Testing

/// Expects `actual` to be `expected` (as swift-argument-parser's `AssertEqualStrings`); `nil`
/// on either side is no text, a failure. On a mismatch the issue shows `comment`, the first
/// line that differs on both sides (escaped, so that a stray space, `\r` or escape shows),
/// and the lines that differ as a diff: `-` expected, `+` actual, two lines of context.
package func expectSameText(
  _ actual: String?, _ expected: String?, _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  let heading = comment().isEmpty ? "" : comment() + "\n"
  Issue.record("\(heading)\(textDifference(actual, expected))", sourceLocation: sourceLocation)
}

/// How `actual` differs from `expected`, for an issue: the first differing line, then the diff.
func textDifference(_ actual: String?, _ expected: String?) -> String {
  guard let expected else { return "nothing to compare with; the text is:\n\(actual ?? "(none)")" }
  guard let actual else { return "no text, where this was expected:\n\(expected)" }
  return firstDifference(actual, expected) + "--- expected\n+++ actual\n\(lineDiff(from: expected, to: actual))"
}

/// The first line where `actual` and `expected` differ, numbered from 1, both sides escaped.
func firstDifference(_ actual: String, _ expected: String) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
  func line(_ lines: [Substring]) -> String {
    index < lines.count ? String(reflecting: String(lines[index])) : "(no such line: the text ends before)"
  }
  return "first difference at line \(index + 1):\n  expected: \(line(a))\n  actual:   \(line(b))\n"
}

/// Compares `text` with the snapshot `NAME.txt` in `folder`, or, with `DODO_RECORD_SNAPSHOTS`
/// set, records it there instead (read the diff before committing it). A missing snapshot is
/// a failure.
package func expectSnapshot(
  _ text: String, named name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let file = folder.appendingPathComponent(name + ".txt")
  if ProcessInfo.processInfo.environment["DODO_RECORD_SNAPSHOTS"] != nil {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return
  }
  expectSameText(
    text, try? String(contentsOf: file, encoding: .utf8),
    "\(folder.lastPathComponent)/\(name).txt differs (re-record with DODO_RECORD_SNAPSHOTS=1 if the change is meant)",
    sourceLocation: sourceLocation)
}

/// The lines of `old` and `new` that differ (a longest common subsequence of lines), each
/// change with `context` unchanged lines around it; `…` stands for the unchanged lines left out.
/// A final newline missing on one side shows as an empty last line on the other.
package func lineDiff(from old: String, to new: String, context: Int = 2) -> String {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // common[i][j]: the length of the longest common subsequence of a[i...] and b[j...].
  var common = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
    }
  }
  var lines: [(mark: Character, text: String)] = []
  var (i, j) = (0, 0)
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      lines.append((" ", a[i]))
      (i, j) = (i + 1, j + 1)
    } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
      lines.append(("-", a[i]))
      i += 1
    } else {
      lines.append(("+", b[j]))
      j += 1
    }
  }
  let changed = lines.indices.filter { lines[$0].mark != " " }
  var shown = Set<Int>()
  for index in changed { shown.formUnion(max(0, index - context)...min(lines.count - 1, index + context)) }
  var out = ""
  var skipped = false
  for (index, line) in lines.enumerated() {
    guard shown.contains(index) else {
      if !skipped { out += "…\n" }
      skipped = true
      continue
    }
    skipped = false
    out += "\(line.mark)\(line.text)\n"
  }
  return out
}
