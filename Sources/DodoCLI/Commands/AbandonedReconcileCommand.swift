import DodoAccount
import DodoCheckout
import DodoNetwork

extension CommandSpec {
  static let abandonedReconcile: CommandSpec = CommandSpec(
    "reconcile",
    abstract: "Ask Dodo for the recorded session's outcome; clear the record once it is final.",
    discussion: """
      Asks GET /checkouts/{sessionId} for the recorded session, then the payment it names \
      (and that payment's subscription, when it has one). A final status (succeeded, failed, \
      expired) is printed as the confirmed result and clears the record, and the exit status \
      is the one start gives that status. A session still open (no payment yet, or a payment \
      Dodo has not settled) keeps the record: exit 12, "still pending"; a payment Dodo reports \
      cancelled keeps it too (exit 11), as a cancelled checkout does. A session Dodo does not \
      know (404), or cannot answer for (5xx or 429 after retries, a timeout), keeps the record \
      and exits 1, as does no record at all. A refused key, a TLS failure or no answer from \
      Dodo is exit 24. While a checkout runs, the record is its own and is not cleared.

      Text: the session, what Dodo says and what became of the record; the mode on standard \
      error. JSON: {"sessionId":…,"confirmation":{…}|null,"verdict":…,"reason":…,\
      "cleared":true|false,"mode":…}, or {"sessionId":null,…} with no record.
      """,
    exitStatuses: [
      .init(.success, "The payment succeeded; the record is cleared."),
      .init(.failed, "The payment failed; the record is cleared."),
      .init(.cancelled, "Dodo reports the payment cancelled; the record is kept."),
      .init(.pending, "The session is still open; the record is kept."),
      .init(.expired, "The session expired; the record is cleared."),
      .init(.no, "No record, or Dodo does not know the session or cannot answer for it now."),
      .init(.apiError, "Dodo refused the key, or could not be reached (API_ERROR)."),
      .init(.configuration, "No API key, or a configuration that does not load."),
    ],
    handler: { invocation, context throws(CLIError) in
      try AbandonedReconcileCommand(context: context).run(invocation.path)
    }
  )
}

/// `dodo abandoned reconcile`: prints what `AbandonedReconciliation` made of the record.
struct AbandonedReconcileCommand {
  let context: Context

  func run(_ path: [String]) throws(CLIError) -> ExitStatus {
    let api = try context.dodoAPI(command: path)
    let directories = try context.checkoutDirectories()
    let outcome: AbandonedReconciliation
    do throws(AbandonedReconciliation.Failure) {
      outcome = try AbandonedReconciliation.run(api: api, directories: directories) { context.announceMode(api) }
    } catch {
      switch error {
      case .api(let error): throw .api(error)
      case .checkout(let error): throw .checkout(error)
      }
    }
    if outcome.keptForRunningCheckout {
      context.warn("a checkout is running now and the record is its own: it is kept")
    }
    write(sessionId: outcome.sessionId, outcome.report, cleared: outcome.cleared, mode: api.mode)
    return outcome.status.map(ExitStatus.init) ?? .no
  }

  private func write(sessionId: String?, _ report: ConfirmationReport, cleared: Bool, mode: APIMode) {
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("sessionId")
        json.string(sessionId)
        json.report(report)
        json.key("cleared")
        json.bool(cleared)
        json.key("mode")
        json.string(mode.rawValue)
        json.endObject()
      }
      return
    }
    guard let sessionId else {
      context.stdout.write("no abandoned session\n")
      return
    }
    var out = "sessionId: \(TerminalText.escaped(sessionId))\n"
    out += ReportText.lines(report, style: context.stdoutStyle)
    out += cleared ? "the record is cleared\n" : "the record is kept\n"
    context.stdout.write(out)
  }
}
