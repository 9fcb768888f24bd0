#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// How a child process ended, decoded from `waitpid`'s status.
  package enum Termination: Sendable, Hashable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(waitStatus status: Int32) {
      // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
      if status & 0x7F == 0 { self = .exited((status >> 8) & 0xFF) } else { self = .signaled(status & 0x7F) }
    }

    package var description: String {
      switch self {
      case .exited(let code): "exited with status \(code)"
      case .signaled(let signal): "was killed by signal \(signal)"
      }
    }
  }

  /// Where a spawned program's standard output and standard error go.
  package enum ChildOutput: Sendable, Hashable {
    /// Both are ours.
    case inherited
    /// Its standard output goes to our standard error, so that our own output stays clean;
    /// its standard error is ours.
    case toStandardError
    /// Both go to `/dev/null`: with `--json` our standard error carries only JSON.
    case discarded
  }

  /// `posix_spawnp(3)`: runs `arguments[0]` (looked up on `PATH`) with `arguments` and
  /// `environment`. The child gets the default action for every signal that `dodo` catches or
  /// ignores, an empty signal mask, `/dev/null` as standard input (a browser or `xdg-mime`
  /// never reads ours, and one that lives on must not hold it), and `output` says where its
  /// output goes. A program that cannot be run is an error here (`posix_spawnp` returns the
  /// code; glibc reports exec failures too).
  package static func spawn(_ arguments: [String], environment: [String: String], output: ChildOutput)
    throws(SystemError) -> Int32
  { try spawn(arguments, environment: environment, input: nil, output: .child(output)) }

  /// `spawn`, with the child's standard input coming from `input` (a socket we write) and its
  /// standard output going into `output` (one we read): both borrowed for the spawn only (the
  /// child gets copies); its standard error is ours.
  package static func spawn(
    _ arguments: [String], environment: [String: String], input: borrowing FileDescriptor,
    outputInto output: borrowing FileDescriptor
  ) throws(SystemError) -> Int32 {
    try spawn(arguments, environment: environment, input: input.rawValue, output: .descriptor(output.rawValue))
  }

  /// `spawn`, with the child's standard output going into `output`; its standard input is
  /// `/dev/null`.
  package static func spawn(
    _ arguments: [String], environment: [String: String], outputInto output: borrowing FileDescriptor
  ) throws(SystemError) -> Int32 {
    try spawn(arguments, environment: environment, input: nil, output: .descriptor(output.rawValue))
  }

  /// Where the child's standard output goes: as `ChildOutput` says, or into a descriptor of ours.
  private enum StandardOutput {
    case child(ChildOutput)
    case descriptor(Int32)
  }

  private static func spawn(
    _ arguments: [String], environment: [String: String], input: Int32?, output: StandardOutput
  ) throws(SystemError) -> Int32 {
    precondition(!arguments.isEmpty)
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    switch output {
    case .child(.inherited): break
    case .child(.toStandardError): posix_spawn_file_actions_adddup2(&actions, 2, 1)
    case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 1)
    case .child(.discarded):
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for argument in argv { free(argument) }
      for variable in envp { free(variable) }
    }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard code == 0 else { throw SystemError("posix_spawnp", errno: Errno(rawValue: code), subject: arguments[0]) }
    return Int32(pid)
  }

  /// `waitpid(2)` with `WNOHANG`: how the child ended, or `nil` while it runs.
  package static func exitStatus(of pid: Int32) throws(SystemError) -> Termination? {
    var status: Int32 = 0
    let result = try retrying("waitpid") { systemWaitpid(pid_t(pid), &status, WNOHANG) }
    return result == 0 ? nil : Termination(waitStatus: status)
  }

  /// `waitpid(2)`, blocking until the child ends.
  package static func waitForExit(of pid: Int32) throws(SystemError) -> Termination {
    var status: Int32 = 0
    _ = try retrying("waitpid") { systemWaitpid(pid_t(pid), &status, 0) }
    return Termination(waitStatus: status)
  }

  /// The path of the running executable: `/proc/self/exe` on Linux, `_NSGetExecutablePath`
  /// on macOS; `nil` when it cannot be found.
  package static func executablePath() -> String? {
    #if canImport(Darwin)
      var size: UInt32 = 4096
      var buffer = [CChar](repeating: 0, count: Int(size))
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return try? readlink("/proc/self/exe")
    #endif
  }

  /// `kill(2)`.
  package static func kill(_ pid: Int32, _ signal: Int32) { _ = systemKill(pid_t(pid), signal) }

  /// `signal(3)`: routes `signals` to `SignalPipe.handler`, which writes the signal's number
  /// into the pipe whose write end is `writeEnd` (the self-pipe trick: the event loop polls the
  /// read end, and nothing but `write(2)` runs inside the handler).
  ///
  /// The signals are also unblocked (`pthread_sigmask(SIG_UNBLOCK)`): a process inherits its
  /// parent's signal mask, and a parent that blocks them (some test harnesses and service
  /// managers do) would otherwise leave Ctrl-C and the browser's exit unseen.
  static func routeSignals(_ signals: [Int32], toPipe writeEnd: borrowing FileDescriptor) {
    signalPipeWriteFD = writeEnd.rawValue
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals {
      _ = systemSignal(signal, signalPipeHandler)
      sigaddset(&set, signal)
    }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// The longest line a terminal in canonical mode hands over: the kernel keeps this many
  /// bytes of a line and drops what is typed or pasted beyond them (Linux's `N_TTY_BUF_SIZE`
  /// less one, for the newline; `MAX_CANON` less one elsewhere).
  package static var terminalLineLimit: Int {
    #if os(Linux)
      4095
    #else
      Int(MAX_CANON) - 1
    #endif
  }

  /// `signal(3)` with `SIG_IGN` for `SIGPIPE`: a write to a pipe whose reader has gone
  /// (`| head -1`) fails with `EPIPE` instead of killing the process. Children get the
  /// default back (`spawn`, `execute`).
  package static func ignoreBrokenPipe() { _ = systemSignal(SIGPIPE, SIG_IGN) }

  /// `signal(3)` with `SIG_DFL` for `signals`, if they are still routed to the pipe whose
  /// write end is `writeEnd`: a pipe routed to since (a server opened again) keeps them.
  static func restoreDefault(_ signals: [Int32], routedTo writeEnd: borrowing FileDescriptor) {
    guard signalPipeWriteFD == writeEnd.rawValue else { return }
    for signal in signals { _ = systemSignal(signal, SIG_DFL) }
    signalPipeWriteFD = -1
  }

  /// `execve(2)`: replaces this process with the program at `path`, which gets `arguments`
  /// (its `argv`, name first) and `environment` (`NAME=value`), as bytes: they need not be
  /// UTF-8. `SIGPIPE` goes back to its default first, since `dodo` may ignore it and an
  /// ignored signal stays ignored across exec. Returns only by throwing.
  package static func execute(_ path: String, arguments: [[UInt8]], environment: [[UInt8]]) throws(SystemError) -> Never
  {
    _ = systemSignal(SIGPIPE, SIG_DFL)
    func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return pointer
    }
    let argv = arguments.map(cString) + [nil]
    let envp = environment.map(cString) + [nil]
    defer {
      for argument in argv { argument?.deallocate() }
      for variable in envp { variable?.deallocate() }
    }
    // On success execve does not return; it returns -1 with errno set when it fails.
    guard case .failure(let code) = retryingOnInterrupt({ systemExecve(path, argv, envp) }) else {
      preconditionFailure("execve returned without failing")
    }
    throw SystemError("execve", errno: code, subject: path)
  }
}

/// The write end of the signal pipe, read only by `signalPipeHandler`.
nonisolated(unsafe) private var signalPipeWriteFD: Int32 = -1

/// Writes the signal number to the signal pipe; async-signal-safe (only `write`), and keeps `errno`.
private let signalPipeHandler: @convention(c) (Int32) -> Void = { signal in
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipeWriteFD, &byte, 1)
  errno = saved
}
