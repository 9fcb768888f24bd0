/// A session where no browser can be shown: `dodo start` then tells the user how to finish
/// the checkout by hand instead of running one.
package enum HeadlessSession {
  /// Why no browser can be shown here, when none was configured: an SSH session (a browser
  /// would open on the remote machine, or not at all), or, on Linux, no display to open it on.
  package static func reason(_ environment: [String: String]) -> String? {
    let set = { (name: String) in !(environment[name] ?? "").isEmpty }
    if set("SSH_CONNECTION") || set("SSH_TTY") { return "an SSH session" }
    #if os(Linux)
      if !set("DISPLAY"), !set("WAYLAND_DISPLAY") { return "no DISPLAY or WAYLAND_DISPLAY" }
    #endif
    return nil
  }
}
