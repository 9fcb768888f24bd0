import DodoAccount
import DodoCurl
import DodoPlatform

// dodo's HTTPS helper: reads one framed request (`HelperFrame`) on standard input, sends it
// through libcurl, writes the framed answer (or transport error) on standard output. `dodo`
// runs it only for a command that calls the API, so that `dodo` itself links no TLS library.
// Installed in libexec, not on PATH, so that `dodo https` never finds it as a plugin.

func answer(_ bytes: [UInt8], status: Int32) -> Never {
  try? Syscalls.writeAll(.standardOutput, bytes)
  Syscalls.exit(status)
}

// The request it reads carries the API key.
Syscalls.forbidCoreDumps()

if Syscalls.isTerminal(.standardInput) {
  try? Syscalls.writeAll(
    .standardError,
    Array(
      "dodo-https: this is dodo's HTTPS helper; dodo runs it with a request on standard input. It is not a command to run by hand.\n"
        .utf8))
  Syscalls.exit(64)
}

var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 64 * 1024)
reading: while true {
  let read: Result<Int, SystemError> = chunk.withUnsafeMutableBytes { raw in
    Result { () throws(SystemError) in try Syscalls.read(.standardInput, into: raw) }
  }
  switch read {
  case .success(0): break reading
  case .success(let count):
    input += chunk[..<count]
    if input.count > HelperFrame.maximumSize {
      answer(HelperFrame.encode(TransportError(.unavailable, "the request is too large")), status: 1)
    }
  case .failure(let error):
    answer(HelperFrame.encode(TransportError(.unavailable, "cannot read the request: \(error)")), status: 1)
  }
}

let request: HTTPRequest
do throws(HelperFrame.Malformed) { request = try HelperFrame.decodeRequest(input) } catch {
  answer(HelperFrame.encode(TransportError(.unavailable, "a malformed request: \(error.reason)")), status: 1)
}
input = []

do throws(TransportError) {
  let response = try CurlTransport(environment: Syscalls.environment()).send(request)
  do throws(HelperFrame.Malformed) { answer(try HelperFrame.encode(response), status: 0) } catch {
    answer(
      HelperFrame.encode(TransportError(.connection, "an answer that cannot be passed on: \(error.reason)")), status: 0)
  }
} catch {
  answer(HelperFrame.encode(error), status: 0)
}
