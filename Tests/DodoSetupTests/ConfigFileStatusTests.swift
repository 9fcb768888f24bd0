import DodoTestSupport
import Foundation
import Testing

@testable import DodoSetup

/// What `dodo config path` says of each file, without parsing it.
@Suite struct ConfigFileStatusTests {
  let home = TemporaryDirectory()

  @Test("found (even when it does not parse), not found, and refused when others may write it")
  func statuses() throws {
    let file = try home.write("config.yaml", "profiles: [unclosed\n")
    #expect(ConfigFileStatus(file) == .found)
    #expect(ConfigFileStatus(file).exists)
    #expect(ConfigFileStatus(home.sub("missing.yaml")) == .notFound)
    #expect(!ConfigFileStatus(home.sub("missing.yaml")).exists)
    #expect(ConfigFileStatus(home.sub("missing.yaml")).description == "not found")
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
    let refused = ConfigFileStatus(file)
    guard case .refused = refused else {
      Issue.record("expected refused, got \(refused)")
      return
    }
    #expect(refused.exists)
    #expect(refused.description.hasPrefix("refused ("))
  }
}
