import DodoCheckout

/// `dodo doctor`'s look at the way back: for the return URL, the route a return takes to
/// `dodo start` (the desktop's scheme handler, or the loopback port), the browser that opens
/// the checkout, and the session.
package struct DoctorRoute: Sendable {
  package let environment: [String: String]
  /// This dodo's own path, when it can be told.
  package let executable: String?
  /// Shared by every probe of this route's checks.
  package let probeLimit: DoctorProbeLimit

  package init(environment: [String: String], executable: String?, probeLimit: DoctorProbeLimit = DoctorProbeLimit()) {
    self.environment = environment
    self.executable = executable
    self.probeLimit = probeLimit
  }

  /// `browser`: the browser command start would run (`nil`: the platform's opener), and
  /// where it came from.
  package func findings(returnURL: ReturnURL, browser: (command: String, source: String)?) -> [DoctorFinding] {
    var findings: [DoctorFinding] = []
    let customScheme = returnURL.scheme != "http" && returnURL.scheme != "https"
    if let loopback = returnURL.loopback {
      findings.append(
        DoctorFinding("return-url", .ok, "the return URL \(returnURL.redacted) is served by dodo start itself"))
      findings.append(DoctorSystem.portFinding(loopback))
    } else if returnURL.lacksLoopbackPort {
      findings.append(
        DoctorFinding(
          "return-url", .problem,
          "the loopback return URL \(returnURL.redacted) has no port for dodo start to listen on",
          fix: "put a port in it (http://127.0.0.1:53682/return) and in the checkout session's return_url"))
    } else if customScheme {
      findings.append(
        DoctorFinding("return-url", .ok, "the return URL \(returnURL.redacted) reaches dodo start through the desktop"))
      findings += DoctorDesktop(environment: environment, probeLimit: probeLimit).schemeFindings(
        returnURL.scheme, self: executable)
    } else {
      findings.append(
        DoctorFinding(
          "return-url", .problem,
          "the return URL \(returnURL.redacted) is a web page, which dodo start cannot receive a return on",
          fix: "use a custom scheme (myapp://checkout/return, with dodo url-handler install) or a loopback URL "
            + "(http://127.0.0.1:PORT/return) for the checkout session's return_url"))
    }
    findings += browserFindings(browser, customScheme: customScheme)
    findings.append(
      DoctorSystem.sessionFinding(DoctorSystem.Session(environment: environment), customScheme: customScheme))
    return findings
  }

  /// The browser command: its program exists; or the platform's opener and the default
  /// browser it starts, sandboxed or not.
  func browserFindings(_ browser: (command: String, source: String)?, customScheme: Bool) -> [DoctorFinding] {
    let desktop = DoctorDesktop(environment: environment, probeLimit: probeLimit)
    if let browser {
      let program: String?
      do throws(PlatformError) { program = try BrowserCommand(browser.command).words.first } catch {
        return [
          DoctorFinding(
            "browser", .problem, "the browser command (\(browser.source)) does not parse: \(error)",
            fix: "fix its quotes where it is set (\(browser.source))")
        ]
      }
      guard let program, let found = desktop.locate(program) else {
        return [
          DoctorFinding(
            "browser", .problem,
            "the browser command (\(browser.source)) runs \(program ?? "nothing"), which is not found",
            fix: "install it, or set another browser command where it is set (\(browser.source))")
        ]
      }
      return [DoctorFinding("browser", .ok, "dodo start opens the checkout with \(found) (\(browser.source))")]
    }
    // start opens no browser here, so the platform's opener is not needed.
    if let headless = HeadlessSession.reason(environment) {
      return [
        DoctorFinding(
          "browser", .note,
          "dodo start opens no browser here (\(headless)): it prints the checkout URL to open on any machine",
          fix: "set DODO_BROWSER (or the profile's browser) to open one all the same")
      ]
    }
    #if os(macOS)
      return [DoctorFinding("browser", .ok, "dodo start opens the checkout with open (the default browser)")]
    #else
      guard desktop.locate("xdg-open") != nil else {
        return [
          DoctorFinding(
            "browser", .problem, "xdg-open is not installed, and no browser command is set",
            fix: "install xdg-utils, or set DODO_BROWSER (or the profile's browser) to a browser command")
        ]
      }
      let found: (name: String, path: String?, sandbox: DoctorDesktop.Sandbox)?
      do throws(PlatformError) { found = try desktop.defaultBrowser() } catch {
        return [
          DoctorFinding(
            "browser", .note,
            "dodo start opens the checkout with xdg-open; which browser it starts is not known: \(error)")
        ]
      }
      guard let browser = found else {
        return [
          DoctorFinding(
            "browser", .note, "dodo start opens the checkout with xdg-open; xdg-settings names no default browser",
            fix: "xdg-settings set default-web-browser BROWSER.desktop, or set DODO_BROWSER")
        ]
      }
      let place = browser.path.map { " (\($0))" } ?? ""
      switch browser.sandbox {
      case .snap where customScheme:
        return [
          DoctorFinding(
            "browser", .problem,
            "the default browser \(browser.name)\(place) is a Snap: its sandbox hands only web and mail links to "
              + "the desktop, so a custom-scheme return never reaches dodo",
            fix: "set DODO_BROWSER to a browser outside Snap, or use a loopback return URL")
        ]
      case .flatpak where customScheme:
        return [
          DoctorFinding(
            "browser", .note,
            "the default browser \(browser.name)\(place) is a Flatpak: a custom-scheme return goes through the "
              + "desktop portal, which may ask which application opens it",
            fix: "choose dodo's entry when asked, or use a loopback return URL")
        ]
      case .snap, .flatpak:
        return [
          DoctorFinding(
            "browser", .ok,
            "dodo start opens the checkout with xdg-open: \(browser.name)\(place), a \(browser.sandbox.rawValue.capitalized) "
              + "that shares the machine's loopback")
        ]
      case .none:
        return [DoctorFinding("browser", .ok, "dodo start opens the checkout with xdg-open: \(browser.name)\(place)")]
      }
    #endif
  }
}
