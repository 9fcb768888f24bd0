import DodoPlatform
import DodoTestSupport
import Testing

@testable import DodoSetup

/// doctor's whole checklist: every group of checks in order, and directories that cannot be
/// resolved as a problem of their own.
@Suite struct DoctorChecklistTests {
  let home = TemporaryDirectory()
  var environment: [String: String] {
    ["HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"), "XDG_CONFIG_DIRS": home.sub("etc-xdg"), "PATH": ""]
  }

  func checklist(returnURL: String?, directories: Result<DodoDirectories, DoctorChecklist.UnresolvedDirectories>)
    -> DoctorChecklist
  {
    DoctorChecklist(
      configFlag: nil, profileFlag: nil, returnURL: returnURL, roundTrip: false, environment: environment,
      executable: nil, directories: directories)
  }

  @Test("unresolved directories are a state-directory problem with its fix, counted with the others")
  func unresolvedDirectories() {
    let list = checklist(returnURL: "not a url", directories: .failure(.init("HOME is not set")))
    let finding = list.findings.first { $0.check == "state-directory" }
    #expect(finding?.outcome == .problem)
    #expect(finding?.message == "HOME is not set")
    #expect(finding?.fix == "set HOME, or DODO_STATE_DIR")
    #expect(list.problems == list.findings.filter { $0.outcome == .problem }.count)
    #expect(list.problems >= 2)  // the directories, and a return URL that is not valid
  }

  @Test("in doctor's order: the config files, then the directories, then the return URL's route")
  func order() throws {
    let checks = checklist(returnURL: nil, directories: .failure(.init("no HOME"))).findings.map(\.check)
    let config = try #require(checks.firstIndex(of: "config"))
    let directories = try #require(checks.firstIndex(of: "state-directory"))
    let returnURL = try #require(checks.firstIndex(of: "return-url"))
    #expect(config < directories && directories < returnURL)
  }
}
