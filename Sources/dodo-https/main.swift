import DodoCurl
import DodoPlatform

// dodo's HTTPS helper: `dodo` starts it at a command's first request and sends it that
// command's requests on standard input (`HelperStream`), and it answers each on standard
// output through libcurl, over one kept connection (`CurlHelperLoop`), so that `dodo` itself
// links no TLS library. Installed in libexec, not on PATH, so that `dodo https` never finds
// it as a plugin.

// The requests it reads carry the API key.
Syscalls.forbidCoreDumps()

if Syscalls.isTerminal(.standardInput) {
  try? Syscalls.writeAll(
    .standardError,
    Array(
      "dodo-https: this is dodo's HTTPS helper; dodo runs it with requests on standard input. It is not a command to run by hand.\n"
        .utf8))
  Syscalls.exit(64)
}

Syscalls.exit(CurlHelperLoop.run(environment: Syscalls.environment()))
