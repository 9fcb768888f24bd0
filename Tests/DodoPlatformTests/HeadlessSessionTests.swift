import Testing

@testable import DodoPlatform

/// When no browser can be shown: an SSH session, or on Linux no display.
@Suite struct HeadlessSessionTests {
  @Test("an SSH session is headless, whatever the display; an empty variable is unset")
  func ssh() {
    #expect(HeadlessSession.reason(["SSH_CONNECTION": "1 2 3 4", "DISPLAY": ":0"]) == "an SSH session")
    #expect(HeadlessSession.reason(["SSH_TTY": "/dev/pts/1"]) == "an SSH session")
    #expect(HeadlessSession.reason(["SSH_TTY": "", "DISPLAY": ":0"]) == nil)
  }

  #if os(Linux)
    @Test("on Linux, no DISPLAY nor WAYLAND_DISPLAY is headless")
    func noDisplay() {
      #expect(HeadlessSession.reason([:]) == "no DISPLAY or WAYLAND_DISPLAY")
      #expect(HeadlessSession.reason(["WAYLAND_DISPLAY": "wayland-0"]) == nil)
    }
  #endif
}
