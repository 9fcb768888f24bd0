import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

extension TemporaryDirectory {
  /// The directory opened and checked as `dodo` opens its own.
  var directory: PrivateDirectory { try! PrivateDirectory.open(path, create: false)! }
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
