import DodoAccount
import DodoPlatform

/// The `dodo` executable's way to the network: each request runs the HTTPS helper
/// (`dodo-https`, libcurl), as git runs `git-remote-https`, so that `dodo` itself links no TLS
/// library and a command that does not use the API starts as fast as before.
///
/// The request, its `Authorization` header included, goes to the helper on its standard
/// input (`HelperFrame`); its arguments are only its own path, and its environment only what
/// libcurl reads (the CA and proxy variables), so no other local user can read the key.
package struct HelperTransport: HTTPTransport {
  package static let helperName = "dodo-https"
  /// The variables the helper gets from ours: where to find CAs, and the proxies.
  package static let passedVariables = [
    "SSL_CERT_FILE", "SSL_CERT_DIR", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    "LANG", "LC_ALL",
  ]

  /// Where to look for the helper; `nil` finds it beside the running executable.
  package var helperPath: String?
  package var environment: [String: String]

  package init(environment: [String: String], helperPath: String? = nil) {
    self.environment = environment
    self.helperPath = helperPath
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
    let path = try locate()
    let frame: [UInt8]
    do throws(HelperFrame.Malformed) { frame = try HelperFrame.encode(request) } catch {
      throw TransportError(.unavailable, "the request cannot be sent: \(error.reason)")
    }
    let output: ProgramExchange.Output
    do throws(SystemError) {
      // Past the request's own limit, libcurl has already given up; a helper that hangs
      // beyond that (and a grace period) is killed.
      output = try ProgramExchange.run(
        path, arguments: [path], environment: Self.helperEnvironment(environment), input: frame,
        limit: HelperFrame.maximumSize + 64 * 1024, timeoutSeconds: request.timeout + 5)
    } catch {
      throw TransportError(.unavailable, "cannot run \(path): \(error)")
    }
    guard let status = output.status else {
      if output.truncated {
        throw TransportError(.connection, "the answer was larger than \(HelperFrame.maximumSize / 1024 / 1024) MiB")
      }
      throw TransportError(.timedOut, "no answer within \(Self.seconds(request.timeout)) seconds")
    }
    let answer: Result<HTTPResponse, TransportError>
    do throws(HelperFrame.Malformed) { answer = try HelperFrame.decodeResponse(output.standardOutput) } catch {
      throw TransportError(.unavailable, "\(path) \(status) without a readable answer (\(error.reason))")
    }
    return try answer.get()
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
