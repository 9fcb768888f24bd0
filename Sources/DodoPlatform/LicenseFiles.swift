/// The license store of one application (account spec §D): one file per license key under
/// `STATE/licenses/APP/`, with the abandoned record's rules and machinery — the directory made
/// and checked `0700` by `PrivateDirectory` and used only through its descriptor, each file
/// written `0600` by `AtomicFile` (a temporary file, fsynced, renamed over the old one), and
/// read through `SmallFile.openRegular`, which refuses a link, a named pipe, another user's
/// file or one open to others. What a file holds is the caller's (the account side's record).
package struct LicenseFiles: Sendable {
  package let directory: PrivateDirectory
  /// The directory's path, for messages.
  package var path: String { directory.path }

  /// No record of ours is larger: a key, an instance id, a name and a few fields.
  package static let maximumSize = 64 * 1024

  /// The store of `appId` under `directories`' state directory, or `nil` when it does not
  /// exist and not `create` (reading an absent store makes nothing).
  package static func open(directories: DodoDirectories, appId: String, create: Bool) throws(PlatformError)
    -> LicenseFiles?
  {
    if let problem = problem(withAppId: appId) { throw PlatformError(problem) }
    let path = DodoDirectories.join(DodoDirectories.join(directories.state, "licenses"), appId)
    return try PrivateDirectory.open(path, create: create).map(LicenseFiles.init)
  }

  /// Why `appId` cannot name an application's store (it is one path component), or `nil`.
  package static func problem(withAppId appId: String) -> String? {
    let allowed = appId.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
    guard !appId.isEmpty, appId.utf8.count <= 100, allowed, !appId.hasPrefix(".") else {
      return
        "invalid app id '\(appId)' (expected 1 to 100 letters, digits, '.', '_' or '-', not starting with '.', such as com.example.app)"
    }
    return nil
  }

  /// The bytes of every stored file, by file name, in name order. A file that cannot be
  /// trusted (a link, a FIFO, another user's, open to others) makes the whole read fail.
  package func all() throws(PlatformError) -> [[UInt8]] {
    let names: [String]
    do throws(SystemError) { names = try Syscalls.directoryEntries(in: directory.fd, subject: path) } catch {
      throw PlatformError("cannot read the license store \(path): \(error)")
    }
    // Dot files are `AtomicFile`'s temporary files (of a write going on, or killed).
    var all: [[UInt8]] = []
    for name in names.sorted() where !name.hasPrefix(".") && name.hasSuffix(".json") {
      if let bytes = try read(fileNamed: name) { all.append(bytes) }
    }
    return all
  }

  /// The bytes stored for `key`, or `nil` when there are none.
  package func read(key: String) throws(PlatformError) -> [UInt8]? { try read(fileNamed: Self.fileName(key)) }

  /// Replaces what is stored for `key`, atomically.
  package func write(key: String, _ bytes: [UInt8]) throws(PlatformError) {
    do throws(SystemError) {
      try AtomicFile.write(bytes, named: Self.fileName(key), in: directory.fd, directoryPath: path)
    } catch {
      throw PlatformError("cannot write the license store \(path): \(error)")
    }
  }

  /// Removes what is stored for `key`; `false` when there was nothing.
  package func remove(key: String) throws(PlatformError) -> Bool {
    let name = Self.fileName(key)
    do throws(SystemError) {
      guard try Syscalls.unlink(name, in: directory.fd, subject: directory.path(of: name)) else { return false }
      try Syscalls.fsync(directory.fd, subject: path)
      return true
    } catch {
      throw PlatformError("cannot remove from the license store \(path): \(error)")
    }
  }

  private func read(fileNamed name: String) throws(PlatformError) -> [UInt8]? {
    guard let file = try directory.openRegular(name, .readOnly) else { return nil }
    let bytes: [UInt8]
    do throws(SystemError) { bytes = try SmallFile.readAll(file.descriptor, limit: Self.maximumSize + 1) } catch {
      throw PlatformError("cannot read \(directory.path(of: name)): \(error)")
    }
    guard bytes.count <= Self.maximumSize else {
      throw PlatformError("\(directory.path(of: name)) is larger than a license record can be")
    }
    return bytes
  }

  /// The key as a file name: letters, digits, `-` and `_` as they are, every other byte as
  /// `%XX`, and `.json`; so no key can name another directory, a dot file or `..`.
  static func fileName(_ key: String) -> String {
    var name = ""
    for byte in key.utf8 {
      let isPlain =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      if isPlain {
        name.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        name += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return name + ".json"
  }
}
