import Testing
@testable import DodoConfig

/// Reading the files in effect and merging them: first found wins for each profile.
@Suite struct ConfigurationTests {
  let environment = ["HOME": "/home/u", "XDG_CONFIG_DIRS": "/etc/one:/etc/two"]
  let home = "/home/u/.config/dodo/config.yaml"

  @Test func noFileAtAllIsAnEmptyConfiguration() throws {
    let configuration = try Configuration.load(configFlag: nil, environment: environment, read: reader([:]))
    #expect(configuration.files.isEmpty && configuration.profiles.isEmpty && configuration.defaultProfile == nil)
    #expect(configuration.searched.map(\.exists) == [false, false, false])
    #expect(try configuration.selectedProfile(profileFlag: nil, environment: [:]) == nil)
  }

  @Test func earlierFilesWinForEachProfileAndLaterFilesAddProfiles() throws {
    let files = [
      "flag.yaml": "profiles:\n  a:\n    browser: from-flag-file\n",
      "/env.yaml": "profiles:\n  a:\n    browser: from-env-file\n  b:\n    browser: b-from-env-file\n",
      home: "default_profile: b\nprofiles:\n  b:\n    browser: b-from-home\n  c:\n    browser: c-from-home\n",
      "/etc/one/dodo/config.yaml": "default_profile: c\nprofiles:\n  d: {}\n",
    ]
    var env = environment
    env["DODO_CONFIG"] = "/env.yaml"
    let configuration = try Configuration.load(configFlag: "flag.yaml", environment: env, read: reader(files))
    #expect(configuration.profiles.map(\.name) == ["a", "b", "c", "d"])
    #expect(configuration.profile(named: "a")?.browser?.value == "from-flag-file")
    #expect(configuration.profile(named: "a")?.browser?.source == .file(path: "flag.yaml", line: 3, column: 14))
    #expect(configuration.profile(named: "b")?.browser?.value == "b-from-env-file")
    #expect(configuration.profile(named: "c")?.browser?.value == "c-from-home")
    #expect(configuration.defaultProfile == Setting("b", from: .file(path: home, line: 1, column: 18)))
    #expect(configuration.searched.map(\.exists) == [true, true, true, true, false])
  }

  @Test func defaultProfileMayNameAProfileFromAnotherFile() throws {
    let files = [home: "default_profile: shared\n", "/etc/one/dodo/config.yaml": "profiles:\n  shared: {}\n"]
    let configuration = try Configuration.load(configFlag: nil, environment: environment, read: reader(files))
    #expect(try configuration.selectedProfile(profileFlag: nil, environment: [:])?.value.name == "shared")
  }

  @Test func missingConfigFlagFileIsAnError() {
    #expect(throws: ConfigError(path: "nope.yaml", message: "no such config file (named by --config)")) {
      try Configuration.load(configFlag: "nope.yaml", environment: environment, read: reader([:]))
    }
  }

  @Test func missingDodoConfigFileIsAnError() {
    #expect(throws: ConfigError(path: "/x.yaml", message: "no such config file (named by $DODO_CONFIG)")) {
      try Configuration.load(configFlag: nil, environment: ["DODO_CONFIG": "/x.yaml"], read: reader([:]))
    }
  }

  @Test func aBrokenLaterFileIsStillAnError() {
    let files = [home: "profiles:\n  a: {}\n", "/etc/two/dodo/config.yaml": "profiles: [\n"]
    #expect(throws: ConfigError.self) {
      try Configuration.load(configFlag: nil, environment: environment, read: reader(files))
    }
  }

  @Test func aReadFailureNamesTheFile() {
    struct Denied: Error, CustomStringConvertible { var description: String { "permission denied" } }
    #expect(throws: ConfigError(path: home, message: "cannot read the file: permission denied")) {
      try Configuration.load(configFlag: nil, environment: environment, read: { _, _ in throw Denied() })
    }
  }

  @Test func theReaderIsAskedForOneByteMoreThanTheLimit() throws {
    var limits: [Int] = []
    _ = try Configuration.load(configFlag: nil, environment: environment, read: { _, limit in limits.append(limit); return nil })
    #expect(limits == [(1 << 20) + 1, (1 << 20) + 1, (1 << 20) + 1])
  }
}
