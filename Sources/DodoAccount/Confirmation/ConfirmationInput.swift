import DodoCheckout

/// One input of `dodo confirm`: a bare `pay_…`, `sub_…` or `cks_…` ID, else what
/// explain-status reads (a return URL or a query string), with what it claims and what to
/// ask Dodo about.
package struct ConfirmationInput: Sendable {
  /// The input as given (blanks around it already trimmed).
  package var text: String
  /// What a return URL claims; `nil` for a bare ID, which claims nothing.
  package var result: CheckoutResult?
  package var lookup: Confirmer.Lookup?
  /// Why it cannot be asked about: it does not decode, or names no payment.
  package var problem: String?

  package init(text: String, result: CheckoutResult? = nil, lookup: Confirmer.Lookup? = nil, problem: String? = nil) {
    self.text = text
    self.result = result
    self.lookup = lookup
    self.problem = problem
  }

  /// An input as an argument or a line of standard input gives it, without the spaces and
  /// tabs around it; `nil` when nothing is left: a blank line is no input.
  package init?(given: String) {
    let blanks: Set<Character> = [" ", "\t"]
    guard let start = given.firstIndex(where: { !blanks.contains($0) }),
      let end = given.lastIndex(where: { !blanks.contains($0) })
    else { return nil }
    self.init(reading: String(given[start...end]))
  }

  /// What `text` claims and names: a bare ID, else what explain-status reads.
  package init(reading text: String) {
    if let lookup = Confirmer.Lookup(bareID: text) {
      self.init(text: text, lookup: lookup)
      return
    }
    let result: CheckoutResult
    do throws(CheckoutError) { result = try ReturnInput.read(text).result } catch {
      self.init(text: text, problem: "cannot be read: \(error.message)")
      return
    }
    guard let lookup = Confirmer.Lookup(naming: result) else {
      self.init(text: text, result: result, problem: "it names no payment_id or subscription_id to ask Dodo about")
      return
    }
    self.init(text: text, result: result, lookup: lookup)
  }
}
