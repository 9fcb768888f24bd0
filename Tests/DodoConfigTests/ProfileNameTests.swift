import Testing

@testable import DodoConfig

/// A profile name is completed by shells and printed on terminals: one holding a control
/// character (a newline or a tab would split it in every shell's completion) is refused where
/// it is written, as any other error in the file.
@Suite struct ProfileNameTests {
  @Test(
    "a control character in a profile name is an error at the name",
    arguments: [#""a\nb""#, #""a\tb""#, #""a\eb""#, #""a\x7Fb""#, #""a\u0085b""#])
  func controlCharacter(_ name: String) {
    let error = renderedError("profiles:\n  \(name):\n    return_url: myapp://r\n")
    #expect(
      error?.hasPrefix("config.yaml:2:3: error: a profile name cannot hold a control character") == true,
      "\(error ?? "no error")")
  }

  @Test("other names stay: a colon, a $(…), a space, any script")
  func otherNames() {
    for name in ["a:b", "\"x$(touch F)\"", "\"my shop\"", "café"] {
      #expect(renderedError("profiles:\n  \(name):\n    return_url: myapp://r\n") == nil, "\(name)")
    }
  }
}
