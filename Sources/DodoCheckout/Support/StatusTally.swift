/// What a stream of readings said, counted as it goes (`dodo explain-status --summary`):
/// inputs per result status, those not decoded, and inputs per warning.
///
/// Counting is a few integer increments per input (no string is made), so a million inputs
/// cost the same with it as without.
public struct StatusTally: Sendable {
  /// Inputs per result status (plain fields, not an array: no copy-on-write check or bounds
  /// check per input).
  public private(set) var succeeded = 0
  public private(set) var failed = 0
  public private(set) var cancelled = 0
  public private(set) var pending = 0
  public private(set) var expired = 0
  /// Inputs that could not be decoded.
  public private(set) var undecodable = 0
  /// Inputs per warning, by the warning's bit; touched only for an input with a warning.
  private var warningCounts = [Int](repeating: 0, count: 8)

  public init() {}

  /// Every input counted.
  public var inputs: Int { succeeded + failed + cancelled + pending + expired + undecodable }

  /// Counts a reading with `status` and `warnings`.
  public mutating func add(_ status: CheckoutStatus, _ warnings: InputWarnings) {
    switch status {
    case .succeeded: succeeded += 1
    case .failed: failed += 1
    case .cancelled: cancelled += 1
    case .pending: pending += 1
    case .expired: expired += 1
    }
    if warnings.rawValue != 0 { addWarnings(warnings) }
  }

  private mutating func addWarnings(_ warnings: InputWarnings) {
    for bit in 0..<warningCounts.count where warnings.rawValue & (1 << bit) != 0 { warningCounts[bit] += 1 }
  }

  /// Adds the counts of `other` (another part of the same stream) to these.
  public mutating func add(_ other: StatusTally) {
    succeeded += other.succeeded
    failed += other.failed
    cancelled += other.cancelled
    pending += other.pending
    expired += other.expired
    undecodable += other.undecodable
    for bit in 0..<warningCounts.count { warningCounts[bit] += other.warningCounts[bit] }
  }

  /// Counts an input that could not be decoded.
  public mutating func addUndecodable() { undecodable += 1 }

  /// The inputs read with `status`.
  public func count(of status: CheckoutStatus) -> Int {
    switch status {
    case .succeeded: succeeded
    case .failed: failed
    case .cancelled: cancelled
    case .pending: pending
    case .expired: expired
    }
  }

  /// The inputs that got `warning` (one warning).
  public func count(of warning: InputWarnings) -> Int {
    (0..<warningCounts.count).reduce(0) { $0 + (warning.rawValue == 1 << $1 ? warningCounts[$1] : 0) }
  }

  /// The warnings seen, in the order they are counted (by bit), with their counts.
  public var warnings: [(entry: InputWarnings.Entry, count: Int)] {
    (0..<warningCounts.count).compactMap { bit in
      guard warningCounts[bit] > 0, let entry = InputWarnings.entries.first(where: { $0.warning.rawValue == 1 << bit })
      else { return nil }
      return (entry, warningCounts[bit])
    }
  }
}
