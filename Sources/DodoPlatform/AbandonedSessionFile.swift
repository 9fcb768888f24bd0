#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DodoCheckout

/// The abandoned-session record: `abandoned.json` in the state directory,
/// `{"sessionId":"cks_…","createdAt":"2026-11-29T20:06:40Z"}`, mode `0600`.
///
/// Saved atomically: a temporary file in the same directory (`O_EXCL`, `0600`) is written and
/// fsynced, renamed over the record, and the directory is fsynced, so a crash at any point
/// leaves the old record or the new one, never a torn one.
public final class AbandonedSessionFile: AbandonedSessionStore {
  public let directory: String
  public let path: String

  public init(stateDirectory: String) {
    directory = stateDirectory
    path = DodoDirectories.join(stateDirectory, "abandoned.json")
  }

  private struct Record: Codable {
    var sessionId: String
    var createdAt: String
  }

  /// Records are small; anything larger is not ours.
  private static let maximumSize = 64 * 1024

  public func save(_ session: AbandonedSession) throws(CheckoutError) {
    let bytes: [UInt8]
    do {
      let record = Record(sessionId: session.sessionId, createdAt: Self.timestamp(session.createdAt))
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      bytes = Array(try encoder.encode(record)) + [UInt8(ascii: "\n")]
    } catch {
      throw .platformError("cannot encode the abandoned-session record: \(error)")
    }
    do throws(SystemError) { try AtomicFile.write(bytes, to: path, directory: directory) } catch {
      throw .platformError("cannot record the abandoned session in \(path): \(error)")
    }
  }

  public func load() throws(CheckoutError) -> AbandonedSession? {
    let bytes: [UInt8]?
    do throws(SystemError) { bytes = try readRecord() } catch {
      throw .platformError("cannot read the abandoned-session record: \(error)")
    }
    guard let bytes else { return nil }
    guard bytes.count <= Self.maximumSize,
      let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)), !record.sessionId.isEmpty,
      let createdAt = Self.date(record.createdAt)
    else {
      throw .platformError("the abandoned-session record \(path) is corrupt; 'dodo abandoned clear' removes it")
    }
    return AbandonedSession(sessionId: record.sessionId, createdAt: createdAt)
  }

  public func clear() throws(CheckoutError) {
    do throws(SystemError) {
      if try Syscalls.unlink(path) { try AtomicFile.syncDirectory(directory) }
    } catch {
      throw .platformError("cannot clear the abandoned-session record: \(error)")
    }
  }

  /// The record's bytes (at most `maximumSize + 1` of them), `nil` when there is no record.
  private func readRecord() throws(SystemError) -> [UInt8]? {
    let fd: Int32
    do throws(SystemError) { fd = try Syscalls.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) } catch {
      if error.errno == ENOENT { return nil }
      throw error
    }
    defer { Syscalls.close(fd) }
    var data = [UInt8](repeating: 0, count: Self.maximumSize + 1)
    var count = 0
    while count < data.count {
      let n = try Syscalls.read(fd, into: &data, at: count)
      if n == 0 { break }
      count += n
    }
    return Array(data[..<count])
  }

  /// `2026-11-29T20:06:40Z`: ISO 8601 in UTC, whole seconds.
  public static func timestamp(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle())
  }

  static func date(_ text: String) -> Date? {
    try? Date(text, strategy: Date.ISO8601FormatStyle())
  }
}
