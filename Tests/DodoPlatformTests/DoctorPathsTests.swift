import Testing

@testable import DodoPlatform

/// `DoctorPaths.directories(of:)`: the `PATH` directories doctor looks for `dodo` in.
@Suite struct DoctorPathsTests {
  @Test("the absolute directories, each once, in order; empty and relative entries are skipped")
  func absoluteDirectoriesOnce() {
    #expect(
      DoctorPaths.directories(of: "/usr/bin::bin:/bin:/usr/bin/:/usr/bin:.:/opt/x")
        == ["/usr/bin", "/bin", "/usr/bin/", "/opt/x"])
    #expect(DoctorPaths.directories(of: nil) == [])
    #expect(DoctorPaths.directories(of: ":") == [])
  }

  @Test("a PATH that is not ASCII is cut by character: a colon that a combining mark joins does not cut")
  func nonASCIIByCharacter() {
    #expect(
      DoctorPaths.directories(of: "/caf\u{E9}:/x:\u{301}/y:/caf\u{E9}:\u{301}/z:/caf\u{E9}:/w")
        == ["/caf\u{E9}", "/x:\u{301}/y", "/caf\u{E9}:\u{301}/z", "/w"])
  }
}
