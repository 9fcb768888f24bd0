import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

@Suite("Desktop URL handler and helper programs")
struct DesktopURLHandlerTests {
  @Test(
    "the Exec path is quoted only when it must be",
    arguments: [
      ("/usr/bin/dodo", "/usr/bin/dodo"),
      ("/opt/my apps/dodo", #""/opt/my apps/dodo""#),
      (#"/o/$x"q/d"#, #""/o/\\$x\\"q/d""#),
      (#"/o/back\slash"#, #""/o/back\\\\slash""#),
      ("/o/100%/dodo", "/o/100%%/dodo"),
      ("/o/my 100%u/dodo", #""/o/my 100%%u/dodo""#),
    ])
  func execQuoting(path: String, expected: String) throws {
    #expect(try DesktopURLHandler.execQuoted(path) == expected)
  }

  @Test(
    "a program path with a control character is refused: it cannot be written on the Exec line",
    arguments: [
      "/o/a\nb/dodo", "/o/a\tb/dodo", "/o/a\u{7F}/dodo", "/o/a\rb/dodo",
    ])
  func execControlCharacters(path: String) {
    #expect(
      throws: PlatformError(
        "the program path holds a control character, which the Exec line of a desktop entry cannot carry; install dodo under a path without one"
      )
    ) { try DesktopURLHandler.execQuoted(path) }
  }

  @Test("a program path that is not UTF-8 is refused: a desktop entry is UTF-8 text")
  func execNotUTF8() {
    #expect(
      throws: PlatformError(
        "the program path is not UTF-8, which a desktop entry cannot carry; install dodo under a path that is"
      )
    ) { try DesktopURLHandler.execQuoted(SystemText.decode(Array("/o/a".utf8) + [0xFF] + Array("/dodo".utf8))) }
  }

  @Test("a mimeapps.list over 1 MiB is refused and left as it was, never cut short")
  func largeMimeApps() throws {
    let temp = TemporaryDirectory()
    let handler = try DesktopURLHandler(environment: [
      "HOME": temp.path, "XDG_DATA_HOME": temp.sub("data"), "XDG_CONFIG_HOME": temp.sub("config"),
    ])
    try FileManager.default.createDirectory(atPath: temp.sub("data/applications"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: temp.sub("config"), withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(atPath: handler.entryPath(for: "myapp"), contents: Data("[Desktop Entry]\n".utf8)))
    let list =
      "[Default Applications]\nx-scheme-handler/myapp=dodo-url-handler-myapp.desktop\n"
      + String(repeating: "# padding\n", count: 110_000)
    #expect(FileManager.default.createFile(atPath: handler.mimeAppsList, contents: Data(list.utf8)))
    #expect(
      throws: PlatformError("\(handler.mimeAppsList) is larger than 1 MiB; dodo leaves it as it is: edit it by hand")
    ) {
      try handler.remove(scheme: "myapp")
    }
    #expect(try String(contentsOfFile: handler.mimeAppsList, encoding: .utf8) == list)
    #expect(FileManager.default.fileExists(atPath: handler.entryPath(for: "myapp")))
  }

  @Test("remove rewrites a linked mimeapps.list where it lives, keeping the link and the mode")
  func linkedMimeApps() throws {
    let temp = TemporaryDirectory()
    let handler = try DesktopURLHandler(environment: [
      "HOME": temp.path, "XDG_DATA_HOME": temp.sub("data"), "XDG_CONFIG_HOME": temp.sub("config"),
    ])
    try FileManager.default.createDirectory(atPath: temp.sub("data/applications"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: temp.sub("config"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: temp.sub("dotfiles"), withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(atPath: handler.entryPath(for: "myapp"), contents: Data("[Desktop Entry]\n".utf8)))
    let list =
      "[Added Associations]\ntext/plain=a.desktop;\n[Default Applications]\nx-scheme-handler/myapp=dodo-url-handler-myapp.desktop\n"
    #expect(
      FileManager.default.createFile(
        atPath: temp.sub("dotfiles/mimeapps.list"), contents: Data(list.utf8), attributes: [.posixPermissions: 0o644]))
    try FileManager.default.createSymbolicLink(
      atPath: handler.mimeAppsList, withDestinationPath: "../dotfiles/mimeapps.list")
    #expect(try handler.remove(scheme: "myapp"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: handler.mimeAppsList) == "../dotfiles/mimeapps.list")
    #expect(
      try String(contentsOfFile: temp.sub("dotfiles/mimeapps.list"), encoding: .utf8)
        == "[Added Associations]\ntext/plain=a.desktop;")
    #expect(temp.mode("dotfiles/mimeapps.list") == 0o644)
  }

  @Test("the entry lives under XDG_DATA_HOME/applications; mimeapps.list under XDG_CONFIG_HOME")
  func paths() throws {
    let handler = try DesktopURLHandler(environment: [
      "HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "relative",
    ])
    #expect(handler.entryPath(for: "MyApp") == "/d/applications/dodo-url-handler-myapp.desktop")
    #expect(handler.mimeAppsList == "/h/.config/mimeapps.list")
  }

  @Test("a helper program's output and exit status are collected")
  func programRunner() throws {
    let output = try ProgramRunner.run(["sh", "-c", "printf 'a\\nb'; exit 4"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(output.standardOutput == "a\nb")
    #expect(output.status == .exited(4))
    #expect(throws: SystemError.self) { try ProgramRunner.run(["/nonexistent/xdg-mime"], environment: [:]) }
  }
}
