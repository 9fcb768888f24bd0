import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The abandoned-session record: `abandoned.json` in the state directory,
/// `{"sessionId":"cks_…","createdAt":"2026-11-29T20:06:40Z"}`, mode `0600`.
///
/// Saved atomically: a temporary file in the same directory (`O_EXCL`, `0600`) is written and
/// fsynced, renamed over the record, and the directory is fsynced, so a crash at any point
/// leaves the old record or the new one, never a torn one.
package final class AbandonedSessionFile: AbandonedSessionStore {
  package let directory: PrivateDirectory
  /// The record's path, for messages: every operation goes through `directory`.
  package let path: String
  static let name = "abandoned.json"

  /// The record this checkout saved, open and locked (`flock(LOCK_EX)`) until `release()`:
  /// by it `abandoned show` tells the running checkout's own record from one that a previous
  /// checkout left, which is still there in the moment between a new start taking the
  /// checkout lock and saving its own.
  private var held: FileDescriptor?

  package init(stateDirectory: PrivateDirectory) {
    directory = stateDirectory
    path = stateDirectory.path(of: Self.name)
  }

  /// Gives up the hold on the record saved (the checkout is over); the record stays.
  package func release() { held = nil }

  private struct Record: Decodable {
    var sessionId: String
    var createdAt: String
  }

  /// The largest record `save` writes: the longest session id a `CheckoutURL` accepts, every
  /// byte escaped (`\"`), in its frame. Anything larger is not ours.
  private static let maximumSize = 2 * CheckoutURL.maximumSessionIdBytes + 128

  /// Only the checkout that holds the lock saves, so any other temporary file of the record
  /// was left by a start killed while it wrote: it is removed first.
  package func save(_ session: AbandonedSession) throws(CheckoutError) {
    removeLeftoverTemporaryFiles()
    let bytes = Array(Self.json(session).utf8)
    do throws(SystemError) {
      // The record saved before (if any) is let go as this one is kept.
      held = try AtomicFile.write(
        bytes, named: Self.name, in: directory.fd, directoryPath: directory.path, keepingLocked: true)
    } catch {
      throw .platformError("cannot record the abandoned session in \(path): \(error)")
    }
  }

  package func load() throws(CheckoutError) -> AbandonedSession? { try loadOwned()?.session }

  /// The record, and whether the checkout running now saved it (it holds the record locked,
  /// see `held`): `false` for a record that an earlier checkout left.
  package func loadOwned() throws(CheckoutError) -> (session: AbandonedSession, isRunningCheckouts: Bool)? {
    let read: (bytes: [UInt8], held: Bool)?
    do throws(PlatformError) { read = try readRecord() } catch {
      throw .platformError("cannot read the abandoned-session record: \(error)")
    }
    guard let (bytes, held) = read else { return nil }
    guard bytes.count <= Self.maximumSize,
      let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)), !record.sessionId.isEmpty,
      let createdAt = Self.date(record.createdAt)
    else {
      throw .platformError("the abandoned-session record \(path) is corrupt; 'dodo abandoned clear' removes it")
    }
    return (AbandonedSession(sessionId: record.sessionId, createdAt: createdAt), held)
  }

  /// `.abandoned.json.PID.tmp` files of other processes (see `AtomicFile.write`).
  private func removeLeftoverTemporaryFiles() {
    guard let names = try? Syscalls.directoryEntries(in: directory.fd, subject: directory.path) else { return }
    let own = ".\(Self.name).\(Syscalls.processID()).tmp"
    for name in names where name.hasPrefix(".\(Self.name).") && name.hasSuffix(".tmp") && name != own {
      _ = try? Syscalls.unlink(name, in: directory.fd, subject: directory.path(of: name))
    }
  }

  package func clear() throws(CheckoutError) { _ = try remove() }

  /// Removes the record, as `clear()` does, and says whether there was one to remove.
  package func remove() throws(CheckoutError) -> Bool {
    do throws(SystemError) {
      guard try Syscalls.unlink(Self.name, in: directory.fd, subject: path) else { return false }
      release()
      try Syscalls.fsync(directory.fd, subject: directory.path)
      return true
    } catch {
      throw .platformError("cannot clear the abandoned-session record: \(error)")
    }
  }

  /// The record's bytes (at most `maximumSize + 1` of them), and whether a checkout holds it
  /// locked; `nil` when there is no record. A named pipe, a link or another user's file in
  /// its place is refused (see `SmallFile.openRegular`). The probe is a shared lock, taken
  /// without waiting and given back at once, so that readers never see each other.
  private func readRecord() throws(PlatformError) -> (bytes: [UInt8], held: Bool)? {
    guard let file = try directory.openRegular(Self.name, .readOnly) else { return nil }
    do throws(SystemError) {
      let bytes = try SmallFile.readAll(file.descriptor, limit: Self.maximumSize + 1)
      let free = try Syscalls.tryLock(file.descriptor, exclusive: false, subject: path)
      if free { Syscalls.unlock(file.descriptor) }
      return (bytes, !free)
    } catch {
      throw PlatformError("\(error)")
    }
  }

  /// `{"sessionId":"cks_…","createdAt":"…"}` and a newline. Written by hand rather than with
  /// `JSONEncoder`: a waiting `start` then never touches the Codable and formatting code, which
  /// keeps its resident memory down.
  static func json(_ session: AbandonedSession) -> String {
    var text = #"{"sessionId":""#
    for scalar in session.sessionId.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\u{00}"..."\u{1F}": text += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + #"","createdAt":""# + timestamp(session.createdAt) + "\"}\n"
  }

  /// `2026-11-29T20:06:40Z`: ISO 8601 in UTC, whole seconds.
  package static func timestamp(_ date: Date) -> String {
    UTCTimestamp.iso8601(Int64(date.timeIntervalSince1970.rounded(.down)))
  }

  static func date(_ text: String) -> Date? {
    try? Date(text, strategy: Date.ISO8601FormatStyle())
  }
}
