extension DirectoryNameCache {
  /// How long a directory's change time must lie in the past for its names to be kept (in
  /// whole seconds of the clock, so 2 to 3 s): a change in the same clock tick as the read,
  /// or on a file server whose clock runs ahead, could otherwise leave the old names under
  /// the new time. Such a directory is read again each time, as git treats a "racily clean"
  /// file.
  static let settledAfter: Int64 = 3

  /// The names that start with `prefix` in the directory `path` (links followed): this
  /// cache's entry when the directory has the identity and change time it was read with (one
  /// `stat(2)`), else read (`directoryListing`), and the entry updated. None for a directory
  /// whose identity is in `read` already (one named twice on `PATH`, or `/bin` after
  /// `/usr/bin`), which it is added to, or that cannot be read.
  ///
  /// `now` is the wall clock in Unix seconds: a directory changed less than `settledAfter`
  /// before it, or after it, is read and not kept.
  package mutating func names(in path: String, now: Int64, skipping read: inout Set<Syscalls.FileIdentity>)
    -> [String]
  {
    guard let status = try? Syscalls.statusFollowingLinks(path), status.isDirectory,
      read.insert(status.identity).inserted
    else { return [] }
    if let entry = entries[status.identity], entry.changeTime == status.changeTime,
      Self.isSettled(entry.changeTime, now: now)
    {
      return entry.names
    }
    guard let listing = try? Syscalls.directoryListing(path, prefix: prefix) else {
      entries[status.identity] = nil
      return []
    }
    let identity = listing.status.identity
    // Another directory took the path between the two calls: listed, once.
    guard identity == status.identity || read.insert(identity).inserted else { return [] }
    entries[status.identity] = nil
    if Self.isSettled(listing.status.changeTime, now: now) {
      entries[identity] = Entry(changeTime: listing.status.changeTime, names: listing.names)
    }
    return listing.names
  }

  static func isSettled(_ time: Syscalls.FileTime, now: Int64) -> Bool {
    time.seconds <= now - settledAfter
  }

  /// Forgets the directories not in `kept` (those of the latest listing) once there are more
  /// than `entryLimit`.
  package mutating func trim(keeping kept: Set<Syscalls.FileIdentity>) {
    guard entries.count > Self.entryLimit else { return }
    entries = entries.filter { kept.contains($0.key) }
  }

  /// The cache in the file at `path`, and why there is none: `(nil, nil)` when the file does
  /// not exist; `(nil, problem)` when it is not a regular file of the user's that only they
  /// may write (a symbolic link or a named pipe in its place, see `SmallFile.openRegular`), is
  /// larger than `sizeLimit`, or is not as `serialized()` writes it.
  package static func load(from path: String, prefix: String) -> (cache: DirectoryNameCache?, problem: String?) {
    let bytes: [UInt8]
    do throws(PlatformError) {
      guard let file = try SmallFile.openRegular(path, .readOnly, own: true) else { return (nil, nil) }
      guard file.status.size <= sizeLimit else {
        return (nil, "\(path) is larger than \(sizeLimit) bytes; dodo writes it again")
      }
      do throws(SystemError) {
        bytes = try SmallFile.readAll(file.descriptor, limit: sizeLimit + 1, sizeHint: file.status.size)
      } catch {
        throw PlatformError("\(error)")
      }
    } catch {
      return (nil, error.message)
    }
    guard let cache = DirectoryNameCache(parsing: bytes, prefix: prefix) else {
      return (nil, "\(path) is not in the format dodo writes; dodo writes it again")
    }
    return (cache, nil)
  }

  /// Writes the cache to `name` in the directory `directoryPath`, created `0700` when missing
  /// and refused when it is not private (see `PrivateDirectory`), atomically (`AtomicFile`) but
  /// not fsynced: a file a crash left empty or cut short is void (`init(parsing:prefix:)`), and
  /// the two fsyncs would double what the listing that writes it costs.
  package func store(in directoryPath: String, named name: String) throws(PlatformError) {
    let bytes = serialized()
    guard bytes.count <= Self.sizeLimit else {
      throw PlatformError("the names of the directories on PATH take more than \(Self.sizeLimit) bytes")
    }
    guard let directory = try PrivateDirectory.open(directoryPath, create: true) else {
      throw PlatformError("the directory \(directoryPath) does not exist")
    }
    do throws(SystemError) {
      try AtomicFile.write(bytes, named: name, in: directory.fd, directoryPath: directory.path, durable: false)
    } catch {
      throw PlatformError("cannot write \(directory.path(of: name)): \(error)")
    }
  }
}
