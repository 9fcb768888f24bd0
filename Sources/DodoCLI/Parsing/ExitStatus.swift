import DodoCheckout

/// The exit statuses of spec section 4: every way `dodo` ends has one of these.
package struct ExitStatus: RawRepresentable, Sendable, Hashable {
  package let rawValue: Int32
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Succeeded, claimed, record found, valid, every input decoded.
  package static let success = ExitStatus(rawValue: 0)
  /// A "no": not claimed, no record, an input that could not be decoded.
  package static let no = ExitStatus(rawValue: 1)
  package static let failed = ExitStatus(rawValue: 10)
  package static let cancelled = ExitStatus(rawValue: 11)
  package static let pending = ExitStatus(rawValue: 12)
  package static let expired = ExitStatus(rawValue: 13)
  package static let invalidCheckoutURL = ExitStatus(rawValue: 20)
  package static let invalidReturnURL = ExitStatus(rawValue: 21)
  package static let alreadyInProgress = ExitStatus(rawValue: 22)
  package static let platformError = ExitStatus(rawValue: 23)
  /// Dodo's API refused or failed (after retries), or could not be reached (`API_ERROR`).
  package static let apiError = ExitStatus(rawValue: 24)
  /// A command line that does not parse (sysexits' EX_USAGE).
  package static let usage = ExitStatus(rawValue: 64)
  /// A configuration that does not load (sysexits' EX_CONFIG).
  package static let configuration = ExitStatus(rawValue: 78)
  /// No such command, built in or plugin.
  package static let unknownCommand = ExitStatus(rawValue: 127)

  /// The exit status `start` ends with for a result.
  package init(_ status: CheckoutStatus) {
    switch status {
    case .succeeded: self = .success
    case .failed: self = .failed
    case .cancelled: self = .cancelled
    case .pending: self = .pending
    case .expired: self = .expired
    }
  }

  package init(_ code: CheckoutError.Code) {
    switch code {
    case .invalidCheckoutUrl: self = .invalidCheckoutURL
    case .invalidReturnUrl: self = .invalidReturnURL
    case .alreadyInProgress: self = .alreadyInProgress
    case .platformError: self = .platformError
    }
  }
}
