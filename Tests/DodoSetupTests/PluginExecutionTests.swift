import Testing

@testable import DodoSetup

/// What a plugin is handed: this process's own bytes where the values are its own, else the
/// values encoded.
@Suite struct PluginExecutionTests {
  @Test("arguments that are not the end of this process's argv are encoded")
  func arguments() {
    #expect(
      Plugin.originalBytes(["--zz-not-an-argument", "é"]) == [Array("--zz-not-an-argument".utf8), [0xC3, 0xA9]])
  }

  @Test("the environment as sorted NAME=value entries, an added variable among them")
  func environment() {
    let entries = Plugin.originalBytes(["ZZ_DODO_PLUGIN_TEST": "1", "AA_DODO_PLUGIN_TEST": "x=y"])
    #expect(entries == [Array("AA_DODO_PLUGIN_TEST=x=y".utf8), Array("ZZ_DODO_PLUGIN_TEST=1".utf8)])
  }
}
