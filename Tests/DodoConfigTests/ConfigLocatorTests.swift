import Testing

@testable import DodoConfig

/// Which files are searched, in which order, and why (spec §5, XDG Base Directory rules).
@Suite struct ConfigLocatorTests {
  private func paths(_ environment: [String: String]) -> [String] {
    ConfigLocator.candidates(configFlag: nil, environment: environment).map(\.path)
  }

  @Test func fullOrderXDGHomeThenXDGDirs() {
    let candidates = ConfigLocator.candidates(
      configFlag: nil,
      environment: ["XDG_CONFIG_HOME": "/xdg/home", "HOME": "/home/u", "XDG_CONFIG_DIRS": "/xdg/one:/xdg/two/"])
    #expect(
      candidates.map(\.path) == [
        "/xdg/home/dodo/config.yaml", "/xdg/one/dodo/config.yaml", "/xdg/two/dodo/config.yaml",
      ])
    #expect(
      candidates.map(\.reason) == [
        .xdgConfigHome(isDefault: false), .xdgConfigDirs(isDefault: false), .xdgConfigDirs(isDefault: false),
      ])
    #expect(candidates.map(\.isRequired) == [false, false, false])
  }

  /// As `kubectl --kubeconfig` and `GIT_CONFIG_GLOBAL`: a named file is the whole
  /// configuration, so a broken personal file cannot break `dodo --config ci.yaml …`.
  @Test func configFlagIsTheOnlyFileRead() {
    let candidates = ConfigLocator.candidates(
      configFlag: "given.yaml",
      environment: [
        "DODO_CONFIG": "/env/dodo.yaml", "XDG_CONFIG_HOME": "/xdg/home", "HOME": "/home/u",
        "XDG_CONFIG_DIRS": "/xdg/one",
      ])
    #expect(candidates == [ConfigLocator.Candidate(path: "given.yaml", reason: .flag)])
    #expect(candidates.map(\.isRequired) == [true])
  }

  @Test func dodoConfigIsTheOnlyFileRead() {
    let candidates = ConfigLocator.candidates(
      configFlag: nil, environment: ["DODO_CONFIG": "/env/dodo.yaml", "HOME": "/home/u", "XDG_CONFIG_DIRS": "/xdg/one"])
    #expect(candidates == [ConfigLocator.Candidate(path: "/env/dodo.yaml", reason: .dodoConfig)])
  }

  @Test func defaultsAreHomeDotConfigAndEtcXDG() {
    let candidates = ConfigLocator.candidates(configFlag: nil, environment: ["HOME": "/home/u"])
    #expect(candidates.map(\.path) == ["/home/u/.config/dodo/config.yaml", "/etc/xdg/dodo/config.yaml"])
    #expect(candidates.map(\.reason) == [.xdgConfigHome(isDefault: true), .xdgConfigDirs(isDefault: true)])
    #expect(
      candidates.map(\.reason.description) == [
        "$HOME/.config (default for $XDG_CONFIG_HOME)", "/etc/xdg (default for $XDG_CONFIG_DIRS)",
      ])
  }

  @Test(arguments: ["", "relative/config", "./here"])
  func emptyOrRelativeXDGConfigHomeIsIgnored(value: String) {
    #expect(
      paths(["XDG_CONFIG_HOME": value, "HOME": "/h"]) == ["/h/.config/dodo/config.yaml", "/etc/xdg/dodo/config.yaml"])
  }

  @Test func emptyAndRelativeXDGConfigDirsEntriesAreSkipped() {
    #expect(
      paths(["HOME": "/h", "XDG_CONFIG_DIRS": "::rel:/abs::x/y"]) == [
        "/h/.config/dodo/config.yaml", "/abs/dodo/config.yaml",
      ])
  }

  @Test(arguments: ["", ":", "rel:other"])
  func xdgConfigDirsWithNoAbsoluteEntryFallsBackToEtcXDG(value: String) {
    #expect(paths(["HOME": "/h", "XDG_CONFIG_DIRS": value]).last == "/etc/xdg/dodo/config.yaml")
  }

  @Test func noUsableHomeMeansNoUserFile() {
    #expect(paths([:]) == ["/etc/xdg/dodo/config.yaml"])
    #expect(paths(["HOME": "relative"]) == ["/etc/xdg/dodo/config.yaml"])
  }

  @Test func emptyDodoConfigIsUnset() {
    #expect(paths(["DODO_CONFIG": "", "HOME": "/h"]).first == "/h/.config/dodo/config.yaml")
  }

  @Test func aPathNamedTwiceIsSearchedOnce() {
    let candidates = ConfigLocator.candidates(
      configFlag: nil, environment: ["XDG_CONFIG_HOME": "/etc/xdg", "XDG_CONFIG_DIRS": "/etc/xdg:/etc/xdg/"])
    #expect(candidates.map(\.path) == ["/etc/xdg/dodo/config.yaml"])
    #expect(candidates.first?.reason == .xdgConfigHome(isDefault: false))
  }

  @Test func rootDirectoryJoinsWithoutDoubleSlash() {
    #expect(paths(["XDG_CONFIG_HOME": "/", "XDG_CONFIG_DIRS": "//"]) == ["/dodo/config.yaml"])
  }
}
