import DodoPlatform
import Foundation
import Testing

/// A fresh private directory under /tmp for one test, removed at the end.
final class TemporaryDirectory: Sendable {
  let path: String

  init() {
    path = "/tmp/dodo-platform-test-\(UUID().uuidString.prefix(8))"
    try! FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func sub(_ name: String) -> String { path + "/" + name }

  /// The directory opened and checked as `dodo` opens its own.
  var directory: PrivateDirectory { try! PrivateDirectory.open(path, create: false)! }

  func mode(_ name: String) -> Int {
    (try! FileManager.default.attributesOfItem(atPath: sub(name))[.posixPermissions] as! NSNumber).intValue
  }
}

/// Runs a program and waits for it.
@discardableResult
func run(_ arguments: [String]) throws -> Syscalls.Termination {
  let pid = try Syscalls.spawn(arguments, environment: Syscalls.environment(), output: .inherited)
  return try Syscalls.waitForExit(of: pid)
}

/// The suites that open a `ReturnChannelServer` run one test at a time: a server routes the
/// process's signals to its own pipe, and closing it restores their default action.
@Suite(.serialized) enum ServerTests {}
