#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A checkout whose outcome is not known yet: recorded when checkout is presented, cleared
/// only when it ends `succeeded`, `failed` or `expired`.
///
/// Ask the backend for the session's outcome (Get Checkout Session), and clear the record
/// only once that outcome is final; until then treat the payment as pending, not failed.
public struct AbandonedSession: Sendable, Hashable {
  /// The checkout session id, `cks_…`.
  public var sessionId: String
  /// When the checkout started.
  public var createdAt: Date

  /// A record of the session `sessionId`, started at `createdAt`.
  public init(sessionId: String, createdAt: Date) {
    self.sessionId = sessionId
    self.createdAt = createdAt
  }
}
