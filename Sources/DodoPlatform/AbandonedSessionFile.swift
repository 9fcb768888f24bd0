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

  /// `2026-11-29T20:06:40Z`: ISO 8601 in UTC, whole seconds (the proleptic Gregorian
  /// calendar computed from the day number, as `gmtime` does, without a C call).
  package static func timestamp(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let yearText = String(year)
    return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-\(two(month))-\(two(day))T"
      + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
  }

  static func date(_ text: String) -> Date? {
    try? Date(text, strategy: Date.ISO8601FormatStyle())
  }
}
