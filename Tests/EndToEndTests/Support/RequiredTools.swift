import DodoTestSupport
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
  /// The fake builds its answers from Dodo's SDK and checks requests against it.
  static let forFakeAPI = missing(programs: ["python3", "openssl"]) + missingSDK
  static let forDodoSDK = missing(programs: ["python3"]) + missingSDK
  static let forAccount = missing(programs: ["python3", "openssl", "curl"]) + missingSDK
  /// The fake's payments served over HTTP/2 by Debian's `nghttpd` (package nghttp2-server).
  static let forHTTP2 = forFakeAPI + (nghttpd == nil ? ["nghttpd (nghttp2-server)"] : [])

  /// `nghttpd`, on `PATH` or in an `sbin` directory, where Debian puts it and a user's `PATH` may not reach.
  static let nghttpd: String? = {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    return (path + ["/usr/sbin", "/usr/local/sbin"]).map { "\($0)/nghttpd" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Dodo's official Python SDK and the Standard Webhooks library its `unwrap` needs
  /// (.ci/run installs `dodopayments[webhooks]`, pinned).
  static let missingSDK = missingPythonModules(["dodopayments", "standardwebhooks"])

  /// The modules of `modules` that `python3` cannot import (all of them without a python3).
  static func missingPythonModules(_ modules: [String]) -> [String] {
    modules.filter { module in
      let output = try? Subprocess.run(
        "/usr/bin/env", ["python3", "-c", "import \(module)"],
        environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
      return output?.status != 0
    }.map { "python3 module \($0)" }
  }
  static let forQRReader = missing(programs: ["zbarimg"])
  static let forQRencode = missing(programs: ["qrencode"])
}
