import Testing

@testable import DodoSetup

/// What help and errors say about plugins and unknown commands.
@Suite struct PluginAdviceTests {
  @Test("a plugin is left out of help when a built-in command takes its name, or it cannot run")
  func unlisted() {
    let shadowed = Plugin(name: "start", path: "/bin/dodo-start", isExecutable: true)
    #expect(
      shadowed.unlisted(isBuiltIn: { $0 == "start" })
        == "the plugin /bin/dodo-start never runs: 'dodo start' is a built-in command")
    let stuck = Plugin(name: "hello", path: "/bin/dodo-hello", isExecutable: false)
    #expect(
      stuck.unlisted(isBuiltIn: { _ in false })
        == "the plugin /bin/dodo-hello is not executable (chmod +x it to use 'dodo hello')")
    #expect(
      Plugin(name: "hello", path: "/bin/dodo-hello", isExecutable: true).unlisted(isBuiltIn: { _ in false }) == nil)
  }

  @Test("version means the option; the Node CLI's commands get its hint; else the nearest command")
  func advice() throws {
    #expect(Plugin.advice(forUnknown: "version", commands: ["start"]) == ("--version", nil))
    let node = try #require(NodeCLI.commands.first)
    #expect(Plugin.advice(forUnknown: node, commands: ["start"]).hint == NodeCLI.hint(for: node))
    #expect(Plugin.advice(forUnknown: node, commands: ["start"]).suggestion == nil)
    #expect(Plugin.advice(forUnknown: "strat", commands: ["start", "doctor"]) == ("start", nil))
    #expect(Plugin.advice(forUnknown: "zzzzzz", commands: ["start"]) == (nil, nil))
  }
}
