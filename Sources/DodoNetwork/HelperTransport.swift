import DodoAccount
import DodoPlatform

/// The `dodo` executable's way to the network: the HTTPS helper (`dodo-https`, libcurl), as
/// git runs `git-remote-https`, so that `dodo` itself links no TLS library and a command that
/// does not use the API starts as fast as before.
///
/// One helper per command, started at the first request and kept: requests from any thread
/// go to it over its pipe (`HelperSession`), and it keeps one connection to the API for them
/// all. A helper that dies or breaks fails the requests it had, and the next request starts
/// another, once. `close()` (at the end of the command) ends it; if `dodo` ends otherwise, its
/// end of the pipe closes and the helper exits on the end of its input.
///
/// The request, its `Authorization` header included, goes to the helper on its standard
/// input (`HelperFrame`); its arguments are only its own path, and its environment only what
/// libcurl reads (the CA and proxy variables), so no other local user can read the key.
package final class HelperTransport: HTTPTransport, @unchecked Sendable {
  package static let helperName = "dodo-https"
  /// The variables the helper gets from ours: where to find CAs, and the proxies.
  package static let passedVariables = [
    "SSL_CERT_FILE", "SSL_CERT_DIR", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    "LANG", "LC_ALL",
  ]
  /// Helpers a transport starts at most: the first, and one after it died.
  static let maximumStarts = 2

  /// Where to look for the helper; `nil` finds it beside the running executable.
  package let helperPath: String?
  package let environment: [String: String]
  /// Starts a helper found at a path: the real one, or a test's stand-in.
  private let startHelper: @Sendable (String, [String: String]) throws(SystemError) -> any HelperChannel
  private let lock = SystemLock()
  private var session: HelperSession?
  private var starts = 0

  package init(
    environment: [String: String], helperPath: String? = nil,
    startHelper: @escaping @Sendable (String, [String: String]) throws(SystemError) -> any HelperChannel = {
      (path, environment) throws(SystemError) in try ProgramConnection(path, environment: environment)
    }
  ) {
    self.environment = environment
    self.helperPath = helperPath
    self.startHelper = startHelper
  }

  /// A transport let go ends its helper too (its reading thread holds it otherwise).
  deinit { close() }

  /// Ends the helper, if one runs, and waits for it to exit.
  package func close() {
    // Taken out through a captured variable, not returned: `withLock` returning a
    // `HelperSession?` would make the runtime build that type's metadata at every start.
    var running: HelperSession?
    lock.withLock { running = session.take() }
    running?.close()
  }

  /// The helper's environment: the passed variables of ours, nothing else.
  package static func helperEnvironment(_ environment: [String: String]) -> [String: String] {
    environment.filter { passedVariables.contains($0.key) && !$0.value.isEmpty }
  }

  /// The places the helper is looked for, for the running executable at `executable`:
  /// beside it, then `../libexec/dodo/` (an installed or staged tree).
  package static func candidates(forExecutable executable: String) -> [String] {
    var directory = Substring(executable)
    if let slash = directory.lastIndex(of: "/") { directory = directory[..<slash] } else { directory = "." }
    let base = directory.isEmpty ? "/" : String(directory)
    return [DodoDirectories.join(base, helperName), DodoDirectories.join(base, "../libexec/dodo/\(helperName)")]
  }

  /// The helper to run, or `.unavailable` naming the places looked at.
  package func locate() throws(TransportError) -> String {
    if let helperPath { return helperPath }
    guard let executable = Syscalls.executablePath() else {
      throw TransportError(.unavailable, "cannot find the running dodo executable to find \(Self.helperName) beside it")
    }
    return try locateAmong(Self.candidates(forExecutable: executable))
  }

  /// The first of `places` that is an executable file.
  package func locateAmong(_ places: [String]) throws(TransportError) -> String {
    for place in places where Syscalls.isExecutable(place) && (try? Syscalls.lstat(place))?.isDirectory == false {
      return place
    }
    throw TransportError(
      .unavailable,
      "the HTTPS helper \(Self.helperName) is missing: looked for \(places.joined(separator: " and ")); reinstall dodo (make install puts it in PREFIX/libexec/dodo/), or in a checkout build it beside the debug dodo: swift build --product dodo-https"
    )
  }

  package func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let frame: [UInt8]
    do throws(HelperFrame.Malformed) { frame = try HelperFrame.encode(request) } catch {
      throw TransportError(.unavailable, "the request cannot be sent: \(error.reason)")
    }
    return try running().exchange(frame, timeout: request.timeout)
  }

  /// The helper that answers, started at the first request or after one died (once).
  private func running() throws(TransportError) -> HelperSession {
    let result: Result<HelperSession, TransportError> = lock.withLock {
      if let session, session.failure == nil { return .success(session) }
      if let failure = session?.failure, starts >= Self.maximumStarts {
        return .failure(TransportError(failure.kind, "\(failure.message) (it was restarted once already)"))
      }
      session?.close()
      session = nil
      return Result { () throws(TransportError) in
        let path = try locate()
        let channel: any HelperChannel
        do throws(SystemError) { channel = try startHelper(path, Self.helperEnvironment(environment)) } catch {
          throw TransportError(.unavailable, "cannot run \(path): \(error)")
        }
        starts += 1
        let started = HelperSession(channel, name: Self.helperName)
        session = started
        return started
      }
    }
    return try result.get()
  }
}
