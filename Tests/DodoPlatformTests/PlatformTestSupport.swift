import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

extension TemporaryDirectory {
  /// The directory opened and checked as `dodo` opens its own.
  var directory: PrivateDirectory { try! PrivateDirectory.open(path, create: false)! }
}

/// The suites that open a `ReturnChannelServer` run one test at a time: a server routes the
/// process's signals to its own pipe, and closing it restores their default action.
@Suite(.serialized) enum ServerTests {}
