/// `dodo doctor`'s look at `PATH`: which `dodo` a shell runs, and whether Dodo Payments' Node
/// CLI (npm `dodopayments-cli`, which installs a `dodo` and a `dodopayments`) is there too.
package enum DoctorPaths {
  /// Every executable file named `name` in the directories of `path`, in order (a
  /// directory named twice counts once); relative entries are skipped, as a shell's `.`
  /// would make the answer depend on the working directory.
  package static func executables(named name: String, path: String?) -> [String] {
    executables(named: name, in: directories(of: path))
  }

  /// The absolute directories of `path`, each once, in order. An ASCII `PATH` is cut by
  /// byte, and a directory found again by a look through the few before it, cheaper at
  /// start-up than `split` by character and a `Set` of strings (docs/benchmarks.md).
  static func directories(of path: String?) -> [String] {
    let path = path ?? ""
    let entries =
      path.utf8.allSatisfy { $0 < 0x80 }
      ? path.utf8.split(separator: UInt8(ascii: ":")).map { String(Substring($0)) }
      : path.split(separator: ":").map(String.init)
    var directories: [String] = []
    for directory in entries where directory.hasPrefix("/") && !directories.contains(directory) {
      directories.append(directory)
    }
    return directories
  }

  private static func executables(named name: String, in directories: [String]) -> [String] {
    directories.map { DodoDirectories.join($0, name) }.filter(Syscalls.isExecutableFile)
  }

  /// Whether the two paths name the same file (links followed).
  package static func sameFile(_ a: String, _ b: String) -> Bool {
    guard let first = try? Syscalls.statusFollowingLinks(a), let second = try? Syscalls.statusFollowingLinks(b) else {
      return false
    }
    return first.identity == second.identity
  }

  /// Whether the program at `path` is the Node CLI: a link into its npm package, or a script
  /// run by node or bun (this dodo is a compiled executable and starts with ELF or Mach-O).
  package static func isNodeCLI(_ path: String) -> Bool {
    if let target = try? Syscalls.readlink(path), target.contains("dodopayments") { return true }
    guard let file = try? SmallFile.read(path, limit: 4096 + 1) else { return false }
    let head = String(decoding: file.bytes.prefix(256), as: UTF8.self)
    guard head.hasPrefix("#!") else { return false }
    let shebang = head.prefix { $0 != "\n" }
    return shebang.contains("node") || shebang.contains("bun")
  }

  /// The findings: `path` (the first `dodo` on PATH is this one) and `node-cli`.
  package static func findings(self executable: String?, environment: [String: String]) -> [DoctorFinding] {
    let directories = directories(of: environment["PATH"])
    let dodos = executables(named: "dodo", in: directories)
    let secondNames = executables(named: "dodopayments", in: directories)
    var findings: [DoctorFinding] = []
    let nodeDodos = dodos.filter(isNodeCLI)
    if let first = dodos.first {
      if let executable, sameFile(first, executable) {
        findings.append(DoctorFinding("path", .ok, "'dodo' on PATH is this dodo: \(first)"))
      } else if nodeDodos.contains(first) {
        findings.append(
          DoctorFinding(
            "path", .problem, "'dodo' on PATH is Dodo Payments' Node CLI (\(first)), not this dodo",
            fix: "put \(directory(of: executable) ?? "this dodo's directory") before \(directory(of: first) ?? "it") "
              + "in PATH; the Node CLI stays reachable as 'dodopayments'"))
      } else {
        findings.append(
          DoctorFinding(
            "path", .problem, "'dodo' on PATH is another program: \(first)" + (executable.map { ", not \($0)" } ?? ""),
            fix: "remove the other dodo, or put this dodo's directory first in PATH"))
      }
    } else {
      findings.append(
        DoctorFinding(
          "path", .problem, "no 'dodo' on PATH" + (executable.map { " (this one is \($0))" } ?? ""),
          fix: "install it (make install PREFIX=~/.local) or add its directory to PATH"))
    }
    if let node = nodeDodos.first ?? secondNames.first {
      findings.append(
        DoctorFinding(
          "node-cli", .note,
          "Dodo Payments' Node CLI is installed too (\(node)); it answers to 'dodopayments'"
            + (secondNames.isEmpty ? "" : " (\(secondNames[0]))"),
          fix: nil))
    }
    return findings
  }

  static func directory(of path: String?) -> String? {
    guard let path, let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
