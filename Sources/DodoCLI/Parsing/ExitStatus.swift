import DodoCheckout

/// The exit statuses of spec section 4: every way `dodo` ends has one of these.
public struct ExitStatus: RawRepresentable, Sendable, Hashable {
  public let rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Succeeded, claimed, record found, valid, every input decoded.
  public static let success = ExitStatus(rawValue: 0)
  /// A "no": not claimed, no record, an input that could not be decoded.
  public static let no = ExitStatus(rawValue: 1)
  public static let failed = ExitStatus(rawValue: 10)
  public static let cancelled = ExitStatus(rawValue: 11)
  public static let pending = ExitStatus(rawValue: 12)
  public static let expired = ExitStatus(rawValue: 13)
  public static let invalidCheckoutURL = ExitStatus(rawValue: 20)
  public static let invalidReturnURL = ExitStatus(rawValue: 21)
  public static let alreadyInProgress = ExitStatus(rawValue: 22)
  public static let platformError = ExitStatus(rawValue: 23)
  /// A command line that does not parse (sysexits' EX_USAGE).
  public static let usage = ExitStatus(rawValue: 64)
  /// A configuration that does not load (sysexits' EX_CONFIG).
  public static let configuration = ExitStatus(rawValue: 78)
  /// No such command, built in or plugin.
  public static let unknownCommand = ExitStatus(rawValue: 127)

  /// The exit status `start` ends with for a result.
  public init(_ status: CheckoutStatus) {
    switch status {
    case .succeeded: self = .success
    case .failed: self = .failed
    case .cancelled: self = .cancelled
    case .pending: self = .pending
    case .expired: self = .expired
    }
  }

  public init(_ code: CheckoutError.Code) {
    switch code {
    case .invalidCheckoutUrl: self = .invalidCheckoutURL
    case .invalidReturnUrl: self = .invalidReturnURL
    case .alreadyInProgress: self = .alreadyInProgress
    case .platformError: self = .platformError
    }
  }
}
