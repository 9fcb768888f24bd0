import DodoCheckout

/// URLs typed or pasted into the terminal `start` runs in, one per line.
extension ReturnChannelServer {
  /// Reads URLs from `fd`, one per line (blank lines skipped, surrounding white space
  /// trimmed), until its end; each is answered through `onAnswer` instead of a connection.
  /// `fd` is read only when `poll` says it is ready, so it stays blocking for whoever shares it.
  /// Watching the `fd` already watched keeps what was read of a line so far.
  ///
  /// A terminal is read only while this process is in its foreground process group: a
  /// background job (`dodo start … &`) that read it would be stopped by `SIGTTIN`; it is
  /// looked at again now and then, for a `fg`. A terminal's line is cut at its canonical
  /// limit (`Syscalls.terminalLineLimit`: the kernel drops the rest), so a line that reaches
  /// that limit is refused through `onTooLong`, never read as a shorter URL.
  package func watchLines(
    fd: UnownedDescriptor, onAnswer: @escaping (_ line: String, _ claimed: Bool) -> Void,
    onTooLong: @escaping (_ limit: Int) -> Void = { _ in }
  ) {
    let pending = lines?.fd == fd ? lines?.pending ?? [] : []
    lines = LineSource(
      fd: fd, onAnswer: onAnswer, onTooLong: onTooLong, pending: pending,
      lineLimit: Syscalls.isTerminal(fd) ? Syscalls.terminalLineLimit : nil)
  }

  /// Whether URL `id` is a line typed or pasted (answered through `watchLines`' `onAnswer`).
  package func isLine(_ id: IncomingURL.ID) -> Bool { unansweredLines[id] != nil }

  /// Whether `lines` may be read now: not a terminal, or one whose foreground this is.
  var linesReadable: Bool {
    guard let lines else { return false }
    return lines.lineLimit == nil || Syscalls.isForeground(lines.fd)
  }

  /// Reads what `lines` has ready (one `read`: a terminal gives a line at a time) and queues
  /// each complete line. At its end, or on an error (`EIO`: the terminal hung up, or this
  /// process went to the background in the meantime), the source is dropped; the wait goes on.
  func readLines() {
    guard var source = lines, linesReadable else { return }
    var bytes = [UInt8](repeating: 0, count: 4096)
    guard let count = try? Syscalls.read(source.fd, into: &bytes, at: 0), count > 0 else {
      lines = nil
      return
    }
    source.pending += bytes[..<count]
    while let newline = source.pending.firstIndex(of: UInt8(ascii: "\n")) {
      let raw = source.pending[..<newline]
      let line = String(String(decoding: raw, as: UTF8.self).trimmingBlanks())
      source.pending.removeSubrange(...newline)
      if let limit = source.lineLimit, raw.count >= limit {
        source.onTooLong(limit)
        continue
      }
      guard !line.isEmpty else { continue }
      let id = nextConnectionID
      nextConnectionID += 1
      unansweredLines[id] = line
      queued.append(.url(IncomingURL(id: id, url: line, route: .handler)))
    }
    // A line longer than any URL dodo accepts is dropped rather than buffered without end.
    if source.pending.count > URLHandoff.maximumURLBytes { source.pending.removeAll() }
    lines = source
  }
}

/// A write that waits on a full pipe or terminal (`dodo start`'s result) ends on the same
/// signals as the wait: `SIGINT`, `SIGTERM`, `SIGHUP`, or `cancel()`.
extension ReturnChannelServer: WriteInterrupter {
  package var interruption: Syscalls.PollRequest? { signalPipe?.pollRequest }

  package func isInterrupted() -> Bool {
    drainSignals()
    return queued.contains(.dismissed(.interrupted))
  }
}

/// A file descriptor that URLs arrive on one per line (borrowed: the standard input), and
/// where their answers go.
struct LineSource {
  let fd: UnownedDescriptor
  let onAnswer: (String, Bool) -> Void
  let onTooLong: (Int) -> Void
  var pending: [UInt8] = []
  /// A terminal's canonical line limit; `nil` for a pipe or a file, whose lines are whole.
  var lineLimit: Int?
}
