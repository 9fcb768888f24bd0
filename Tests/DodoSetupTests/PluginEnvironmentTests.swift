import DodoTestSupport
import Testing

@testable import DodoSetup

/// What a plugin inherits: `dodo`'s config file, profile and directories, resolved.
@Suite struct PluginEnvironmentTests {
  let home = TemporaryDirectory()
  var environment: [String: String] {
    [
      "HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"), "XDG_CONFIG_DIRS": home.sub("etc-xdg"),
      "XDG_STATE_HOME": home.sub("state"), "XDG_RUNTIME_DIR": home.sub("run"), "DODO_CONFIG": "",
    ]
  }

  @Test("the first config file that exists and its default profile; the directories dodo would use")
  func resolvesTheSetup() throws {
    let file = try home.write("etc-xdg/dodo/config.yaml", "default_profile: p\nprofiles:\n  p: {}\n")
    let resolved = PluginEnvironment.resolved(environment, configFlag: nil, profileFlag: nil)
    #expect(resolved["DODO_CONFIG"] == file)
    #expect(resolved["DODO_PROFILE"] == "p")
    #expect(resolved["DODO_STATE_DIR"] == home.sub("state") + "/dodo")
    #expect(resolved["DODO_RUNTIME_DIR"]?.hasPrefix(home.sub("run")) == true)
    #expect(resolved["HOME"] == home.path)
  }

  @Test("--config and --profile win; with no config at all neither variable is set")
  func flagsWin() {
    let flags = PluginEnvironment.resolved(environment, configFlag: "/x.yaml", profileFlag: "q")
    #expect(flags["DODO_CONFIG"] == "/x.yaml")
    #expect(flags["DODO_PROFILE"] == "q")
    let none = PluginEnvironment.resolved(environment, configFlag: nil, profileFlag: nil)
    #expect(none["DODO_CONFIG"] == nil)
    #expect(none["DODO_PROFILE"] == nil)
  }
}
