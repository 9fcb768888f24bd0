import DodoCheckout
import DodoTestSupport
import Testing

@testable import DodoConfig

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The shipped `config/config.yaml` is valid and has the documented example profiles.
@Suite struct ExampleConfigTests {
  /// `config/config.yaml` at the package root.
  static let path = Repository.url("config/config.yaml").path

  @Test func exampleConfigIsValid() throws {
    let data = try #require(FileManager.default.contents(atPath: Self.path), "no file at \(Self.path)")
    let file = try ConfigFile(path: Self.path, contents: [UInt8](data))
    #expect(file.defaultProfile?.value == "myapp")
    #expect(file.profiles.map(\.name) == ["myapp", "local-dev", "support-desk"])
    let myapp = try #require(file.profiles.first)
    #expect(myapp.returnURL?.value.string == "myapp://checkout/return")
    #expect(myapp.browser?.value == "firefox --new-window %s")
    #expect(myapp.timeout?.value == 900)
    #expect(myapp.dismissButtonStyle?.value == .close)
    #expect(myapp.presentationStyle?.value == .fullScreen)
    #expect(myapp.barCollapsingEnabled?.value == false)
    #expect(myapp.colorScheme?.value == .dark)
    #expect(file.profiles[1].returnURL?.value.loopback == LoopbackAddress(host: "127.0.0.1", port: 53682))
    #expect(file.profiles[2].returnURL?.value.scheme == "helpdesk")
    #expect(file.profiles[1].mode?.value == .test)
    #expect(file.profiles[1].apiKeyCommand?.value == "pass show dodo/test")
    #expect(file.profiles[1].webhookSecretCommand?.value == "pass show dodo/webhook")
    #expect(file.profiles[1].theme?.value == .dark)
    #expect(file.profiles[1].language?.value == "en")
    #expect(file.profiles[1].redirectImmediately?.value == true)
  }

  @Test("the example sets every key a profile takes, so that each is shown with its comment")
  func exampleConfigHasEveryProfileKey() throws {
    let data = try #require(FileManager.default.contents(atPath: Self.path), "no file at \(Self.path)")
    let text = String(decoding: data, as: UTF8.self)
    #expect(ConfigSchema.profileKeys.filter { !text.contains("\n    \($0):") } == [])
  }
}
