import DodoCheckout

/// The exit statuses of spec section 4: every way `dodo` ends has one of these.
struct ExitStatus: RawRepresentable, Sendable, Hashable {
  let rawValue: Int32
  init(rawValue: Int32) { self.rawValue = rawValue }

  /// Succeeded, claimed, record found, valid, every input decoded.
  static let success = ExitStatus(rawValue: 0)
  /// A "no": not claimed, no record, an input that could not be decoded.
  static let no = ExitStatus(rawValue: 1)
  static let failed = ExitStatus(rawValue: 10)
  static let cancelled = ExitStatus(rawValue: 11)
  static let pending = ExitStatus(rawValue: 12)
  static let expired = ExitStatus(rawValue: 13)
  static let invalidCheckoutURL = ExitStatus(rawValue: 20)
  static let invalidReturnURL = ExitStatus(rawValue: 21)
  static let alreadyInProgress = ExitStatus(rawValue: 22)
  static let platformError = ExitStatus(rawValue: 23)
  /// Dodo's API refused or failed (after retries), or could not be reached (`API_ERROR`).
  static let apiError = ExitStatus(rawValue: 24)
  /// A command line that does not parse (sysexits' EX_USAGE).
  static let usage = ExitStatus(rawValue: 64)
  /// A configuration that does not load (sysexits' EX_CONFIG).
  static let configuration = ExitStatus(rawValue: 78)
  /// No such command, built in or plugin.
  static let unknownCommand = ExitStatus(rawValue: 127)

  /// The exit status `start` ends with for a result.
  init(_ status: CheckoutStatus) {
    switch status {
    case .succeeded: self = .success
    case .failed: self = .failed
    case .cancelled: self = .cancelled
    case .pending: self = .pending
    case .expired: self = .expired
    }
  }

  init(_ code: CheckoutError.Code) {
    switch code {
    case .invalidCheckoutUrl: self = .invalidCheckoutURL
    case .invalidReturnUrl: self = .invalidReturnURL
    case .alreadyInProgress: self = .alreadyInProgress
    case .platformError: self = .platformError
    }
  }
}
