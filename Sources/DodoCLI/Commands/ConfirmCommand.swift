import DodoAccount
import DodoCheckout
import DodoNetwork
import DodoPlatform

extension CommandSpec {
  static let confirm: CommandSpec = CommandSpec(
    "confirm",
    abstract: "Check return URLs or IDs against what Dodo says happened.",
    discussion: """
      Each INPUT is what explain-status reads (a return URL or a query string), or a bare \
      pay_…, sub_… or cks_… ID. A return URL is checked against the payment it names \
      (payment_id first, else subscription_id): GET /payments/{id}, then \
      GET /subscriptions/{id} when the payment belongs to a subscription; a cks_ ID asks \
      GET /checkouts/{id} for the session's payment first. Dodo's status is mapped onto the \
      five statuses (payment succeeded, failed and cancelled are themselves, any other is \
      pending; subscription active is succeeded, failed, cancelled and expired are themselves, \
      pending, on_hold and paused are pending).

      The verdict: confirmed (Dodo's status is the URL's, and settled; for a bare ID, which \
      claims nothing, Dodo's status is settled, anything but pending), mismatch (Dodo says \
      otherwise: the URL may be forged or stale), or unconfirmed (Dodo has no outcome yet, the \
      input names no payment or subscription, or Dodo could not answer for it: an ID it does \
      not know is "not found", a 5xx or 429 after retries, a timeout).

      With - the inputs are read from standard input, one per line. An ID that several inputs \
      name is asked once. Requests run concurrently within --rate N (default 5): a budget of N \
      requests per second that may go out as a burst (N at once, and the next when the first of \
      them is a second old), not one every 1/N s. All of them go through one HTTPS helper \
      (dodo-https) and one kept-alive connection to Dodo: with HTTP/2 they run concurrently over \
      it, with HTTP/1.1 one after another. Text: the input, its result, what Dodo says (for a failed payment, its \
      error_code and error_message) and the verdict. With --json, one line per input: \
      {"input":…,"result":{…}|null,"confirmation":{…}|null,"verdict":…,"reason":…,"mode":…} \
      ("reason" only for mismatch and unconfirmed). The mode used is said on standard error in \
      text.

      A request answered 429 or 5xx is tried again (at most 3 tries, as its Retry-After says, \
      else after a short backoff), the waits of one request adding up to at most \
      --api-timeout: a longer Retry-After is not waited for.

      The exit status is 0 when every input was confirmed, 1 when any was a mismatch or \
      unconfirmed, and 24 when Dodo refused the key (401, 403), the TLS connection failed, or \
      Dodo could not be reached at all; that ends confirm at once, also while - still has \
      input to read or its standard input stays open.
      """,
    arguments: [
      ArgumentSpec(
        "input", help: "A return URL, a query string, or a pay_/sub_/cks_ ID; - reads them from standard input.",
        repeating: true)
    ],
    options: [ConfirmCommand.rate],
    examples: [
      .init(
        "dodo confirm 'myapp://checkout/return?status=succeeded&payment_id=pay_1'",
        "Ask Dodo whether that payment really succeeded."),
      .init("dodo confirm --json - < returns.txt", "Check a file of return URLs, one JSON line each."),
    ],
    exitStatuses: [
      .init(.success, "Every input was confirmed."),
      .init(.no, "An input was a mismatch or unconfirmed."),
      .init(.apiError, "Dodo refused the key, or could not be reached (API_ERROR)."),
      .init(.usage, "No input, or a bad --rate."),
      .init(.configuration, "No API key, or a configuration that does not load."),
    ],
    handler: { invocation, context throws(CLIError) in try ConfirmCommand(context: context).run(invocation) }
  )
}

/// `dodo confirm INPUT... | -`.
struct ConfirmCommand {
  static let rate = OptionSpec(
    "rate", value: "N", help: "A budget of N requests per second, which may go out as a burst (default 5).")

  let context: Context

  func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    var rate = 5.0
    if let text = invocation.value(Self.rate) {
      guard let value = Double(text), value > 0, value <= 1000, value.isFinite else {
        throw .usage(
          "invalid value '\(text)' for '--rate' (expected a number of requests per second)", command: invocation.path)
      }
      rate = value
    }
    let api = try context.dodoAPI(command: invocation.path)
    let batch = ConfirmBatch(
      api: context.paced(api, rate: rate, clock: SystemPacingClock(wait: context.sleep)), rate: rate)
    context.announceMode(api)
    var count = 0
    var allConfirmed = true
    var pending: [ConfirmationInput] = []
    var failure: DodoAPIError?
    func flush() {
      guard failure == nil, !pending.isEmpty else { return }
      do throws(DodoAPIError) {
        let reports = try batch.confirm(
          pending.map { ConfirmBatch.Request(lookup: $0.lookup, claim: $0.result?.status, problem: $0.problem) })
        for (item, report) in zip(pending, reports) {
          allConfirmed = allConfirmed && report.verdict == .confirmed
          write(item, report, mode: api.mode, first: count == 0)
          count += 1
        }
      } catch {
        failure = error
      }
      pending = []
      context.stdout.flush()
    }
    // A refused key, a TLS failure or no answer ends the reading at once: a live stream may never end.
    for argument in invocation.arguments where failure == nil {
      if argument == "-" {
        do throws(SystemError) {
          try LineReader(fd: context.stdinFD).forEachLine(
            beforeWaiting: { flush() },
            tooLong: { _ in pending.append(ConfirmationInput(text: "…", problem: "the line is 1 MiB or longer")) },
            stopped: { failure != nil },
            { line in
              guard let input = ConfirmationInput(given: String(decoding: line, as: UTF8.self)) else { return }
              pending.append(input)
              if pending.count >= 64 { flush() }
            })
        } catch {
          throw .checkout(.platformError("cannot read standard input: \(error)"))
        }
      } else if let input = ConfirmationInput(given: argument) {
        pending.append(input)
      }
    }
    flush()
    if let failure { throw .api(failure) }
    guard count > 0 else {
      throw .usage(
        "no input: give a return URL, a query string or an ID (or - with lines on standard input)",
        command: invocation.path)
    }
    return allConfirmed ? .success : .no
  }

  private func write(_ item: ConfirmationInput, _ report: ConfirmationReport, mode: APIMode, first: Bool) {
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("input")
        json.string(item.text)
        json.key("result")
        if let result = item.result { json.result(result) } else { json.null() }
        json.report(report)
        json.key("mode")
        json.string(mode.rawValue)
        json.endObject()
      }
      return
    }
    let style = context.stdoutStyle
    var out = first ? "" : "\n"
    out += style.bold(TerminalText.escaped(item.text)) + "\n"
    if let result = item.result {
      let raw = result.rawStatus.map { " (status=\(TerminalText.escaped($0)))" } ?? " (no status)"
      out += ExplainText.field("Result", style.colored(result.status.rawValue, for: result.status) + raw)
    }
    out += ReportText.lines(report, style: style)
    context.stdout.write(out)
  }
}
