import DodoCheckout

/// `dodo doctor`'s look at the directories, the loopback port and the session.
package enum DoctorSystem {
  /// The state and runtime directories: private and usable, or missing (created on first
  /// use), or refused, with why.
  package static func directoryFindings(_ directories: DodoDirectories) -> [DoctorFinding] {
    var findings: [DoctorFinding] = []
    for (check, path, what) in [
      ("state-directory", directories.state, "state directory"),
      ("runtime-directory", directories.runtime, "runtime directory"),
    ] {
      do throws(PlatformError) {
        if try PrivateDirectory.open(path, create: false) != nil {
          findings.append(DoctorFinding(check, .ok, "the \(what) \(path) is yours and private"))
        } else {
          findings.append(
            DoctorFinding(check, .ok, "the \(what) \(path) does not exist yet; dodo start creates it (0700)"))
        }
      } catch {
        findings.append(
          DoctorFinding(
            check, .problem, "the \(what) cannot be used: \(error)",
            fix: "make it yours and private (chmod 700 \(path)), or remove it for dodo to create again"))
      }
    }
    if let warning = directories.warning {
      findings.append(DoctorFinding("runtime-directory", .note, warning))
    }
    return findings
  }

  /// Whether `dodo start` could listen on the loopback return URL's port now.
  package static func portFinding(_ loopback: LoopbackAddress) -> DoctorFinding {
    guard let port = UInt16(exactly: loopback.port), port != 0 else {
      return DoctorFinding(
        "loopback-port", .problem, "the return URL's port \(loopback.port) is not one dodo start can listen on",
        fix: "use a port from 1024 to 65535 in the return URL")
    }
    let address: Syscalls.SocketAddress =
      loopback.host == "::1" ? .ipv6("::1", port: port) : .ipv4("127.0.0.1", port: port)
    do throws(SystemError) {
      let fd = try Syscalls.streamSocket(for: address, nonBlocking: true)
      try Syscalls.bind(fd, address)
      try Syscalls.listen(fd, backlog: 1)
      return DoctorFinding("loopback-port", .ok, "port \(port) on \(loopback.host) is free for dodo start to listen on")
    } catch {
      if error.errno == .addressInUse {
        return DoctorFinding(
          "loopback-port", .problem,
          "port \(port) on \(loopback.host) is in use by another program (or a running dodo start)",
          fix:
            "stop what listens there (ss -ltnp 'sport = :\(port)' names it), or pick another port for the return URL "
            + "and the checkout session's return_url")
      }
      return DoctorFinding(
        "loopback-port", .problem, "cannot listen on \(address): \(error)",
        fix: "pick another port for the return URL and the checkout session's return_url")
    }
  }

  /// How the session looks to `dodo start`: a display, SSH, or neither (headless).
  package struct Session: Sendable, Hashable {
    package var display: String?
    package var ssh: Bool

    package init(environment: [String: String]) {
      func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
      display = value("WAYLAND_DISPLAY").map { "WAYLAND_DISPLAY=\($0)" } ?? value("DISPLAY").map { "DISPLAY=\($0)" }
      ssh = value("SSH_CONNECTION") != nil || value("SSH_TTY") != nil
    }
  }

  /// `customScheme`: the return URL is one the desktop must route (not loopback).
  package static func sessionFinding(_ session: Session, customScheme: Bool) -> DoctorFinding {
    if session.ssh {
      return DoctorFinding(
        "session", customScheme ? .problem : .note,
        "an SSH session: dodo start opens no browser here (unless a browser command is set) and prints the URL to open elsewhere",
        fix: customScheme
          ? "use a loopback return URL (http://127.0.0.1:PORT/…) and forward its port with ssh -L PORT:127.0.0.1:PORT, "
            + "or paste the address the browser ended on into dodo start"
          : "forward the return URL's port: ssh -L PORT:127.0.0.1:PORT")
    }
    if let display = session.display {
      return DoctorFinding("session", .ok, "a graphical session (\(display))")
    }
    guard customScheme else {
      return DoctorFinding(
        "session", .note,
        "no display (neither DISPLAY nor WAYLAND_DISPLAY is set): dodo start opens no browser and prints the "
          + "checkout URL to open elsewhere (forward the return URL's port when that is another machine)")
    }
    return DoctorFinding(
      "session", .problem,
      "no display (neither DISPLAY nor WAYLAND_DISPLAY is set): dodo start opens no browser, and xdg-open "
        + "hands a custom scheme to its handler only in a graphical session",
      fix: "run dodo in the desktop session, or use a loopback return URL and open the checkout URL elsewhere")
  }
}
