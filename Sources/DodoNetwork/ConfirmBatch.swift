import DodoAccount
import DodoCheckout
import DodoPlatform

/// Asks Dodo about a batch of inputs: each ID once (and once per run, across batches), the
/// requests spread over a few threads and paced by the transport.
package final class ConfirmBatch: @unchecked Sendable {
  /// One input to confirm: what to ask Dodo, what the input claims, and why it cannot be
  /// asked about (`lookup` is `nil`).
  package struct Request {
    package var lookup: Confirmer.Lookup?
    package var claim: CheckoutStatus?
    package var problem: String?

    package init(lookup: Confirmer.Lookup?, claim: CheckoutStatus?, problem: String? = nil) {
      self.lookup = lookup
      self.claim = claim
      self.problem = problem
    }
  }

  package let confirmer: Confirmer
  package let workers: Int
  private let lock = SystemLock()
  private var known: [Confirmer.Lookup: Result<Confirmation?, DodoAPIError>] = [:]

  package init(api: DodoAPI, rate: Double) {
    confirmer = Confirmer(api: api)
    workers = max(1, min(8, Int(rate.rounded(.up))))
  }

  /// The report of each request, in order; a fatal failure (a refused key, TLS, no answer) is thrown.
  package func confirm(_ items: [Request]) throws(DodoAPIError) -> [ConfirmationReport] {
    var asked = Set<Confirmer.Lookup>()
    var lookups: [Confirmer.Lookup] = []
    for lookup in items.compactMap(\.lookup) where lock.withLock({ known[lookup] == nil }) {
      if asked.insert(lookup).inserted { lookups.append(lookup) }
    }
    let next = Counter()
    let asking = lookups
    Syscalls.runConcurrently(min(workers, lookups.count)) { [self] _ in
      while let index = next.take(below: asking.count) {
        let lookup = asking[index]
        let answer = Result { () throws(DodoAPIError) in try confirmer.confirmation(of: lookup) }
        lock.withLock { known[lookup] = answer }
      }
    }
    return try items.map { (item) throws(DodoAPIError) in
      guard let lookup = item.lookup else { return .unconfirmed(item.problem ?? "nothing to ask Dodo about") }
      let answer = lock.withLock { known[lookup] } ?? .success(nil)
      return try Confirmer.report(answer, claim: item.claim)
    }
  }

  /// Hands out indexes to the workers, each once.
  private final class Counter: @unchecked Sendable {
    private let lock = SystemLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
      lock.withLock {
        guard value < limit else { return nil }
        value += 1
        return value - 1
      }
    }
  }
}
