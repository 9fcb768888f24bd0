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
      home: "default_profile: b\nprofiles:\n  a:\n    browser: a-from-home\n  b:\n    browser: b-from-home\n",
      "/etc/one/dodo/config.yaml": "default_profile: c\nprofiles:\n  a:\n    browser: a-from-one\n  c: {}\n",
      "/etc/two/dodo/config.yaml": "profiles:\n  d: {}\n",
    ]
    let configuration = try Configuration.load(configFlag: nil, environment: environment, read: reader(files))
    #expect(configuration.profiles.map(\.name) == ["a", "b", "c", "d"])
    #expect(configuration.profile(named: "a")?.browser?.value == "a-from-home")
    #expect(configuration.profile(named: "a")?.browser?.source == .file(path: home, line: 4, column: 14))
    #expect(configuration.defaultProfile == Setting("b", from: .file(path: home, line: 1, column: 18)))
    #expect(configuration.searched.map(\.exists) == [true, true, true])
  }

  /// `--config` and `$DODO_CONFIG` name the whole configuration: a broken personal file
  /// must not break `dodo --config ci.yaml …`.
  @Test func aNamedFileIsTheOnlyFileRead() throws {
    let files = [
      "flag.yaml": "profiles:\n  a:\n    browser: from-flag-file\n", "/env.yaml": "profiles:\n  b: {}\n",
      home: "profiles: [\n", "/etc/one/dodo/config.yaml": "profiles: [\n",
    ]
    var env = environment
    env["DODO_CONFIG"] = "/env.yaml"
    let flag = try Configuration.load(configFlag: "flag.yaml", environment: env, read: reader(files))
    #expect(flag.profiles.map(\.name) == ["a"])
    #expect(flag.searched.map(\.candidate.path) == ["flag.yaml"])
    let dodoConfig = try Configuration.load(configFlag: nil, environment: env, read: reader(files))
    #expect(dodoConfig.profiles.map(\.name) == ["b"])
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
    #expect(throws: ConfigError(path: home, message: "cannot read the file: permission denied")) {
      try Configuration.load(
        configFlag: nil, environment: environment,
        read: { (_, _) throws(ConfigFileUnreadable) in throw ConfigFileUnreadable("permission denied") })
    }
  }

  @Test func theReaderIsAskedForOneByteMoreThanTheLimit() throws {
    var limits: [Int] = []
    _ = try Configuration.load(
      configFlag: nil, environment: environment,
      read: { _, limit in
        limits.append(limit)
        return nil
      })
    #expect(limits == [(1 << 20) + 1, (1 << 20) + 1, (1 << 20) + 1])
  }
}
