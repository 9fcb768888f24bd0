import DodoCheckout
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Says why `start` refused a return, once per reason: a warning on standard error, or with
/// `--events json` a `checkout.return_refused` event. Never the refused URL's query or the
/// run's state: the reason alone.
final class ReturnRefusalReporter {
  let context: Context
  /// `--events text|json`.
  let format: EventFormat?
  var now: () -> Date = { Date() }
  private var said: Set<ReturnRefusal> = []

  init(context: Context, format: EventFormat?, now: @escaping () -> Date) {
    self.context = context
    self.format = format
    self.now = now
  }

  func report(_ refusal: ReturnRefusal) {
    guard said.insert(refusal).inserted else { return }
    guard format == .json else {
      context.warn(refusal.message)
      context.stderr.flush()
      return
    }
    let json = JSONWriter()
    json.beginObject()
    json.key("name")
    json.string("checkout.return_refused")
    json.key("at")
    json.string(AbandonedSessionFile.timestamp(now()))
    json.key("reason")
    json.string(refusal.code)
    json.key("message")
    json.string(refusal.message)
    json.endObject()
    json.newline()
    context.stderr.write(json.bytes)
    context.stderr.flush()
  }
}
