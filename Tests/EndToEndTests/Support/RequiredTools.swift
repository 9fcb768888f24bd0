import Foundation

/// The programs that some end-to-end tests drive (real shells, mandoc, man, make, a browser).
///
/// On a machine without one of them, such a test is skipped and says what it needs, so that
/// `swift test` passes on a fresh machine; `.ci/run` installs them all. Under CI (`CI=true`)
/// the tests run regardless, so that a failed install fails loudly instead of skipping.
enum RequiredTools {
  /// The names in `programs` not found on `PATH`, and the files in `files` that do not exist.
  static func missing(programs: [String], files: [String] = []) -> [String] {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    let absentPrograms = programs.filter { program in
      !path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
    return absentPrograms + files.filter { !FileManager.default.fileExists(atPath: $0) }
  }

  /// Whether a test that needs what `missing` lists runs here.
  static func present(_ missing: [String]) -> Bool {
    missing.isEmpty || ProcessInfo.processInfo.environment["CI"] == "true"
  }

  static let forCompletion = missing(
    programs: ["bash", "zsh", "fish"], files: ["/usr/share/bash-completion/bash_completion"])
  static let forManPages = missing(programs: ["mandoc", "man"])
  static let forInstall = missing(programs: ["make", "man", "bash", "zsh", "fish"])
  static let forURLHandler = missing(programs: ["xdg-mime"])
  static let forColor = missing(programs: ["script"])
  static let forQRReader = missing(programs: ["zbarimg"])
  static let forQRencode = missing(programs: ["qrencode"])
  static let forFakeAPI = missing(programs: ["python3", "openssl"])
}
