import Foundation

/// What `/proc` says about processes, for the tests that watch the HTTPS helper's lifetime.
enum ProcessTable {
  /// The processes whose parent is `parent` and whose command name (`comm`) is `name`.
  static func children(of parent: Int32, named name: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "pid (comm)": state, ppid, …
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard stat[stat.index(after: open)..<close] == name, fields.count > 1, Int32(fields[1]) == parent else {
        return nil
      }
      return pid
    }
  }

  /// Running, not a zombie waiting for whoever adopted it to reap it.
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
  }
}
