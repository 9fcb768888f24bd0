import DodoTestSupport
import Testing

@testable import DodoConfig

/// Every kind of problem in a config file, with the exact text a user sees.
@Suite struct ConfigFileErrorTests {
  @Test func unknownKeySuggestsTheNearestKnownKey() {
    let yaml = """
      default_profile: myapp
      profiles:
        myapp:
          retrun_url: myapp://checkout/return
      """
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:4:5: error: unknown key 'retrun_url' (did you mean 'return_url'?)
          retrun_url: myapp://checkout/return
          ^
      """)
  }

  @Test func unknownKeyFarFromAnyListsTheKnownKeys() {
    expectSameText(
      renderedError("colour: red\n"),
      """
      config.yaml:1:1: error: unknown key 'colour' (expected one of: default_profile, profiles)
      colour: red
      ^
      """)
  }

  @Test func customizationKeyInTheProfileSaysWhereItBelongs() {
    let yaml = "profiles:\n  a:\n    color_scheme: dark\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:3:5: error: unknown key 'color_scheme' (it belongs under 'customization')
          color_scheme: dark
          ^
      """)
  }

  @Test func pageOptionsAreProfileKeysCheckedAsDodoTakesThem() {
    #expect(
      renderedError("profiles:\n  a:\n    theme: dark\n    language: pt-BR\n    redirect_immediately: true\n") == nil)
    expectSameText(
      renderedError("profiles:\n  a:\n    language: english\n"),
      """
      config.yaml:3:15: error: invalid value 'english' for 'language' (expected a language code such as en, fr or pt-BR)
          language: english
                    ^
      """)
    #expect(
      renderedError("profiles:\n  a:\n    theme: dim\n")?.contains("expected one of: dark, light, system") == true)
    #expect(
      renderedError("profiles:\n  a:\n    customization:\n      theme: dark\n")?.contains("unknown key 'theme'") == true
    )
  }

  /// At the end of the file there is no line to quote, so there is no caret either.
  @Test func syntaxErrorAtTheEndUsesLibyamlsPositionOneBased() {
    let yaml = "profiles:\n  a:\n    return_url: [unclosed\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:4:1: error: did not find expected ',' or ']' (while parsing a flow sequence that starts at line 3, column 17)
      """)
  }

  @Test func syntaxErrorInsideALine() {
    let yaml = "profiles:\n  a: b: c\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:2:7: error: mapping values are not allowed in this context
        a: b: c
            ^
      """)
  }

  @Test func quotedNumberIsAStringNotATimeout() {
    let yaml = "profiles:\n  a:\n    timeout: \"900\"\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:3:14: error: 'timeout' must be a positive number of seconds, found a string
          timeout: "900"
                   ^
      """)
  }

  @Test func timeoutMustBePositive() {
    let yaml = "profiles:\n  a:\n    timeout: 0\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:3:14: error: 'timeout' must be a positive number of seconds, at most 31536000 (a year); found 0
          timeout: 0
                   ^
      """)
  }

  @Test func quotedTrueIsNotABoolean() {
    let yaml = "profiles:\n  a:\n    customization:\n      bar_collapsing_enabled: \"true\"\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:4:31: error: 'bar_collapsing_enabled' must be true or false, found a string
            bar_collapsing_enabled: "true"
                                    ^
      """)
  }

  @Test func wrongTypeForAMapping() {
    let yaml = "profiles:\n  a:\n    customization: dark\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:3:20: error: 'customization' must be a mapping with the keys 'dismiss_button_style', 'presentation_style', 'bar_collapsing_enabled' or 'color_scheme', found a string
          customization: dark
                         ^
      """)
  }

  @Test func badEnumValueListsTheValidOnes() {
    let yaml = "profiles:\n  a:\n    customization:\n      presentation_style: fullscreen\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:4:27: error: invalid value 'fullscreen' for 'presentation_style' (expected one of: pageSheet, fullScreen)
            presentation_style: fullscreen
                                ^
      """)
  }

  @Test func badReturnURLCarriesTheCheckoutErrorMessage() {
    let yaml = "profiles:\n  a:\n    return_url: myapp:/x\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:3:17: error: invalid return URL: it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return'
          return_url: myapp:/x
                      ^
      """)
  }

  @Test func duplicateKeyPointsAtTheSecondOne() {
    let yaml = "profiles:\n  a:\n    browser: x\n    browser: y\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:4:5: error: duplicate key 'browser' (first given on line 3)
          browser: y
          ^
      """)
  }

  @Test(
    "a duplicate key is found however many keys come before or between, each the first it repeats",
    arguments: [(3, 1), (15, 2), (16, 0), (17, 5), (40, 16), (40, 39)])
  func duplicateAmongManyKeys(keys: Int, repeated: Int) {
    let names = (0..<keys).map { "p\($0)" }
    let yaml = "profiles:\n" + names.map { "  \($0): {}\n" }.joined() + "  p\(repeated): {}\n"
    #expect(
      renderedError(yaml)?.hasPrefix(
        "config.yaml:\(keys + 2):3: error: duplicate key 'p\(repeated)' (first given on line \(repeated + 2))") == true)
    let distinct = "profiles:\n" + names.map { "  \($0): {}\n" }.joined()
    #expect(renderedError(distinct) == nil)
  }

  @Test func duplicateProfileInOneFile() {
    let yaml = "profiles:\n  a: {}\n  a: {}\n"
    expectSameText(
      renderedError(yaml),
      """
      config.yaml:3:3: error: duplicate key 'a' (first given on line 2)
        a: {}
        ^
      """)
  }

  @Test func defaultProfileThatNamesNoProfile() throws {
    let file = try ConfigFile(path: "config.yaml", contents: Array("default_profile: nope\nprofiles:\n  a: {}\n".utf8))
    #expect(throws: ConfigError.self) { try Configuration(files: [file]) }
    do {
      _ = try Configuration(files: [file])
    } catch {
      expectSameText(
        error.rendered,
        """
        config.yaml:1:18: error: default_profile 'nope' is not a profile; the profiles are: a
        default_profile: nope
                         ^
        """)
    }
  }

  @Test func notUTF8PointsAtTheFirstBadByte() {
    var bytes = Array("profiles:\n  a:\n    browser: caf".utf8)
    bytes += [0xE9, 0x0A]  // Latin-1 "é"
    expectSameText(
      renderedError(bytes),
      """
      config.yaml:3:17: error: the file is not valid UTF-8
          browser: caf\u{FFFD}
                      ^
      """)
  }

  @Test func utf16IsNotUTF8() {
    let bytes: [UInt8] = [0xFF, 0xFE] + Array("a: b\n".utf8).flatMap { [$0, 0] }
    #expect(renderedError(bytes)?.hasPrefix("config.yaml:1:1: error: the file is not valid UTF-8") == true)
  }

  @Test func secondDocumentIsAnError() {
    expectSameText(
      renderedError("profiles: {}\n---\nprofiles: {}\n"),
      """
      config.yaml:2:1: error: a config file holds one YAML document; this is a second one
      ---
      ^
      """)
  }

  @Test func tagsAreRefused() {
    #expect(
      renderedError("profiles:\n  a:\n    timeout: !!int 9\n")?.hasPrefix(
        "config.yaml:3:14: error: tags ('!name') are not allowed in a dodo config") == true)
  }

  @Test func topLevelMustBeAMapping() {
    expectSameText(
      renderedError("- a\n"),
      """
      config.yaml:1:1: error: the top level must be a mapping with the keys 'default_profile' or 'profiles', found a list
      - a
      ^
      """)
  }

  @Test func pathIsShownAsGiven() {
    #expect(renderedError("x: 1\n", path: "./sub/../c.yaml")?.hasPrefix("./sub/../c.yaml:1:1: error:") == true)
  }

  @Test func caretKeepsTabsOfTheSourceLine() {
    #expect(ConfigError.caretIndent("\t  ab", column: 4) == "\t  ")
  }
}
