import DodoBytes

/// What decodes the lines of one chunk of input into a result of its own (its output, its
/// counts), on whichever thread `ParallelLineReader` hands the chunk to. Each chunk has its
/// own decoder, touched by one thread at a time.
package protocol LineChunkDecoder: AnyObject {
  /// One line, without its `\n` (and a `\r` before it).
  func line(_ bytes: ByteView)
  /// The first `maximumLineLength` bytes of a line of that length or longer.
  func tooLong(_ start: ByteView)
}

/// Lines read as `LineReader` reads them, decoded in chunks on every processor and handed on
/// in input order. A fixed number of chunks is in flight, so memory stays flat; before a read that would
/// block, all read so far is emitted, so lines typed one at a time are answered one at a time;
/// workers start only with a second full chunk, so a small input costs no thread.
/// Not generic over the decoder: a generic class's metadata is built at run time, which a
/// one-line input would pay for (docs/benchmarks.md).
package final class ParallelLineReader: @unchecked Sendable {
  // @unchecked: a chunk and its decoder belong to one thread at a time, handed over under
  // `lock` (the reader fills it, a decoder decodes it, the reader emits it); the counters
  // are read and written under `lock` only.

  package let fd: UnownedDescriptor
  /// A line this long or longer goes to `tooLong` by its start and is passed over.
  package let maximumLineLength: Int
  private let chunks: [LineChunk]
  private let workerCount: Int

  private let lock = SystemLock()
  /// Signalled when a chunk is queued or the reading ends.
  private let queued = SystemCondition()
  /// Signalled when a chunk is decoded.
  private let decoded = SystemCondition()
  /// Chunks are numbered in input order; chunk `n` is `chunks[n % chunks.count]`. Those before
  /// `emitted` are emitted, those before `taken` decoded or being decoded, those before
  /// `queuedCount` queued; the chunk numbered `queuedCount` is being filled.
  private var emitted = 0
  private var taken = 0
  private var queuedCount = 0
  private var finished = false
  private var workers: [SystemThread] = []
  /// Whether the rest of an overlong line is being passed over, up to its newline.
  private var skipping = false
  /// Chunks queued because they were full: the workers start at the second.
  private var fullChunks = 0

  /// `threads`: the decoding threads, the calling one included; `chunkSize`: the bytes read
  /// into one chunk (a longer line grows its chunk, up to `maximumLineLength`); `makeDecoder`
  /// makes the decoder of each chunk in flight, numbered from 0 in the order made.
  package init(
    fd: UnownedDescriptor, maximumLineLength: Int = 1 << 20, chunkSize: Int = 64 * 1024,
    threads: Int = Syscalls.processorCount, makeDecoder: () -> any LineChunkDecoder
  ) {
    self.fd = fd
    self.maximumLineLength = maximumLineLength
    workerCount = max(0, threads - 1)
    chunks = (0..<(2 * workerCount + 3)).map { _ in LineChunk(size: chunkSize, decoder: makeDecoder()) }
  }

  /// Reads every line to the end of the input, and calls `emit` with the number of each
  /// chunk's decoder in input order, on the calling thread; `emit` takes the decoder's result
  /// and leaves it empty for the next chunk. A read error ends the reading, after what was
  /// read before it is emitted.
  package func forEachChunk(_ emit: (Int) -> Void) throws(SystemError) {
    defer { stopWorkers() }
    var chunk = chunks[0]
    while true {
      if !Self.isReadable(fd) {
        chunk = queueWholeLines(of: chunk, emit)
        while emitted < queuedCount { emitOldest(emit) }
      }
      let count: Int
      do {
        count = try chunk.read(from: fd)
      } catch {
        _ = queueWholeLines(of: chunk, emit)
        while emitted < queuedCount { emitOldest(emit) }
        throw error
      }
      if count == 0 {
        queue(chunk, final: true)
        while emitted < queuedCount { emitOldest(emit) }
        return
      }
      chunk = took(count, into: chunk, emit)
    }
  }

  /// Takes the `count` bytes just read at the end of `chunk`: passes over what is left of an
  /// overlong line, cuts a line that grew overlong, queues a full chunk. The chunk to read into next.
  private func took(_ count: Int, into chunk: LineChunk, _ emit: (Int) -> Void) -> LineChunk {
    let newStart = chunk.count
    chunk.count += count
    if skipping {
      guard let newline = chunk.firstNewline(from: newStart) else {
        chunk.count = 0
        return chunk
      }
      chunk.dropFirst(newline + 1)
      skipping = false
    }
    let tail = chunk.count - chunk.lastLineStart
    if tail >= maximumLineLength {
      chunk.count -= tail - maximumLineLength
      queue(chunk, final: false)
      skipping = true
      return freeChunk(queuedCount, emit)
    }
    guard chunk.count == chunk.capacity else { return chunk }
    if tail == chunk.count {
      chunk.grow(upTo: maximumLineLength)
      return chunk
    }
    fullChunks += 1
    if fullChunks == 2 { startWorkers() }
    return queueWholeLines(of: chunk, emit)
  }

  /// Queues the whole lines of `chunk` and carries its last, unfinished line over into the
  /// next chunk, which it returns; `chunk` itself when it holds no whole line.
  private func queueWholeLines(of chunk: LineChunk, _ emit: (Int) -> Void) -> LineChunk {
    let lineStart = chunk.lastLineStart
    guard lineStart > 0 else { return chunk }
    let next = freeChunk(queuedCount + 1, emit)
    next.take(from: chunk, at: lineStart)
    chunk.count = lineStart
    queue(chunk, final: false)
    return next
  }

  /// The chunk numbered `number`, empty, once the one before it in its place is emitted.
  private func freeChunk(_ number: Int, _ emit: (Int) -> Void) -> LineChunk {
    while number - emitted >= chunks.count { emitOldest(emit) }
    let chunk = chunks[number % chunks.count]
    chunk.count = 0
    return chunk
  }

  private func queue(_ chunk: LineChunk, final: Bool) {
    chunk.final = final
    lock.withLock {
      chunk.isDecoded = false
      queuedCount += 1
    }
    queued.signal()
  }

  /// Emits the oldest chunk in flight once it is decoded, decoding queued ones meanwhile.
  private func emitOldest(_ emit: (Int) -> Void) {
    let oldest = chunks[emitted % chunks.count]
    while true {
      let next: LineChunk? = lock.withLock {
        while !oldest.isDecoded && taken == queuedCount { decoded.wait(releasing: lock) }
        return oldest.isDecoded ? nil : takeQueued()
      }
      guard let next else { break }
      decode(next)
    }
    emit(emitted % chunks.count)
    emitted += 1
  }

  /// The oldest queued chunk not yet taken; call with `lock` held.
  private func takeQueued() -> LineChunk {
    let chunk = chunks[taken % chunks.count]
    taken += 1
    return chunk
  }

  private func decode(_ chunk: LineChunk) {
    chunk.decode(maximumLineLength: maximumLineLength)
    lock.withLock { chunk.isDecoded = true }
    decoded.broadcast()
  }

  private func startWorkers() {
    for _ in 0..<workerCount {
      guard let worker = SystemThread.start({ self.work() }) else { break }
      workers.append(worker)
    }
  }

  /// A worker thread: decodes queued chunks until the reading ends.
  private func work() {
    while true {
      let next: LineChunk? = lock.withLock {
        while taken == queuedCount && !finished { queued.wait(releasing: lock) }
        return taken < queuedCount ? takeQueued() : nil
      }
      guard let next else { return }
      decode(next)
    }
  }

  private func stopWorkers() {
    lock.withLock { finished = true }
    queued.broadcast()
    while let worker = workers.popLast() { worker.join() }
  }

  /// Whether a read of `fd` would return at once: data, the end, or an error to report.
  private static func isReadable(_ fd: UnownedDescriptor) -> Bool {
    (try? Syscalls.poll([Syscalls.PollRequest(fd)], timeoutMilliseconds: 0))?.first ?? true
  }
}
