import DodoCheckout
import DodoNetwork
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes checkout events (`--events text|json`) and, on a terminal, one calm line saying
/// what `start` is waiting for and how to give up. Nothing here carries a query string.
struct CheckoutEventReporter {
  let context: Context
  let format: EventFormat?
  let checkoutURL: CheckoutURL
  let returnURL: ReturnURL
  /// No browser was run (`--no-open`, or headless): the user opens the URL shown.
  let byHand: Bool
  /// What time it is, for each event's `at`.
  var now: () -> Date = { Date() }

  /// Reports `event`; `reason` is why a `closed` checkout was cancelled (the flow says it).
  func report(_ event: CheckoutEvent, reason: CancellationReason?) {
    let at = AbandonedSessionFile.timestamp(now())
    switch format {
    case .json:
      let json = JSONWriter()
      json.beginObject()
      json.key("name")
      json.string(event.name)
      json.key("at")
      json.string(at)
      if event == .opened {
        json.key("url")
        json.string(checkoutURL.withoutQuery)
      }
      if event == .closed, let reason {
        json.key("reason")
        json.string(reason.rawValue)
      }
      json.endObject()
      json.newline()
      context.stderr.write(json.bytes)
    case .text:
      context.stderr.write("\(at) \(event.name)\n")
    case nil:
      break
    }
    if event == .opened, context.stderr.isTerminal {
      let opened = byHand ? "Open the checkout URL above" : "The checkout is open in your browser"
      let target = TerminalText.escaped(returnURL.redacted)
      context.stderr.write(
        context.stderrStyle.dim(
          "\(opened); waiting for it to return to \(target). Press Ctrl-C to give up.") + "\n")
    }
    context.stderr.flush()
  }

  /// What `--poll` found that does not end the wait: a payment status once as it changes
  /// (a `checkout.polled` event with `--events json`, else a line, not under `--json`), a
  /// failure once per kind, and polling given up, as warnings. Dodo's words are shown escaped.
  func polled(_ step: SessionPoll.Step) {
    switch step {
    case .progress(let status):
      if format == .json {
        let json = JSONWriter()
        json.beginObject()
        json.key("name")
        json.string("checkout.polled")
        json.key("at")
        json.string(AbandonedSessionFile.timestamp(now()))
        json.key("paymentStatus")
        json.string(status)
        json.endObject()
        json.newline()
        context.stderr.write(json.bytes)
      } else if !context.json {
        let said = status.map { "payment status \(TerminalText.escaped($0))" } ?? "no payment yet"
        context.stderr.write("Dodo: \(said); still waiting (a declined card can be tried again on the page)\n")
      }
    case .warning(let message):
      context.warn("asking Dodo about the session failed: \(message); still waiting")
    case .stopped(let message):
      context.warn("polling Dodo stopped: \(message); still waiting for the return")
    case .paid, .unchanged:
      break
    }
    context.stderr.flush()
  }
}
