import DodoCheckout
import DodoPlatform

extension CommandSpec {
  static let abandoned: CommandSpec = CommandSpec(
    "abandoned",
    abstract: "Show or clear the record of a checkout whose outcome is not known.",
    overview:
      "start keeps the record until the checkout ends succeeded, failed or expired; ask your backend for the session's outcome, then clear it.",
    discussion: """
      'dodo start' records the checkout session (abandoned.json in the state directory) when \
      it presents the checkout, and clears the record only when the checkout ends succeeded, \
      failed or expired. The record stays after cancelled or pending, when start is killed, \
      and after a PLATFORM_ERROR once the checkout may have opened. Ask your backend for the \
      session's outcome (Get Checkout Session), then clear the record. The record (and the \
      lock beside it) is written 0600: one that is not yours, is a link, or is open to the \
      group or others (such as 0666) is refused with PLATFORM_ERROR rather than read, since \
      dodo did not leave it so; 'dodo abandoned clear' still removes it.
      """,
    subcommands: [.abandonedShow, .abandonedClear, .abandonedReconcile],
    examples: [.init("dodo abandoned show --json", "Print the record as JSON, or null.")]
  )

  static let abandonedShow: CommandSpec = CommandSpec(
    "show",
    abstract: "Print the abandoned-session record; exit 1 when there is none.",
    discussion: """
      Prints the session id, when the checkout started, and whether it is the record of the \
      checkout running now: inProgress is true only for the record that the running start \
      saved itself (it holds that file locked while it runs). A record an earlier checkout \
      left is inProgress false even while a new start runs, in the moment before that start \
      saves its own (the text adds that a checkout is running). With --json: \
      {"sessionId":"cks_…","createdAt":"2026-11-29T20:06:40Z","inProgress":false}, or null.
      """,
    exitStatuses: [
      .init(.success, "There is a record."),
      .init(.no, "There is no record."),
      .init(.platformError, "The record or its directory cannot be read, or the record is corrupt (PLATFORM_ERROR)."),
    ],
    handler: { _, context throws(CLIError) in try AbandonedCommand(context: context).show() }
  )

  static let abandonedClear: CommandSpec = CommandSpec(
    "clear",
    abstract: "Remove the abandoned-session record (exit 0 also when there is none).",
    overview: "While a checkout runs, the record is its own and clear refuses it without --force.",
    discussion: """
      Clear it once your backend has the session's final outcome. It also removes a corrupt \
      record. While a checkout runs, the record is that checkout's own and clear refuses \
      (ALREADY_IN_PROGRESS) rather than lose it; --force clears it anyway. With --json it       prints {"cleared":true} when there was a record, {"cleared":false} when there was none.
      """,
    options: [AbandonedCommand.force],
    exitStatuses: [
      .init(.success, "The record is gone (or there was none)."),
      .init(
        .alreadyInProgress, "A checkout is running and --force was not given; the record is kept (ALREADY_IN_PROGRESS)."
      ),
      .init(.platformError, "The record cannot be removed (PLATFORM_ERROR)."),
    ],
    handler: { invocation, context throws(CLIError) in
      try AbandonedCommand(context: context).clear(force: invocation.isSet(AbandonedCommand.force))
    }
  )
}

/// `dodo abandoned show|clear`: `getAbandonedSession` and `clearAbandonedSession`.
struct AbandonedCommand {
  static let force = OptionSpec("force", help: "Clear the record even while a checkout is running.")

  let context: Context

  func show() throws(CLIError) -> ExitStatus {
    let directories = try context.checkoutDirectories()
    let record: AbandonedRecord
    do throws(CheckoutError) { record = try AbandonedRecord.look(in: directories) } catch { throw .checkout(error) }
    let (session, inProgress, running) = (record.session, record.inProgress, record.checkoutRunning)
    if context.json {
      context.printJSON { json in
        guard let session else { return json.null() }
        json.beginObject()
        json.key("sessionId")
        json.string(session.sessionId)
        json.key("createdAt")
        json.string(AbandonedSessionFile.timestamp(session.createdAt))
        json.key("inProgress")
        json.bool(inProgress)
        json.endObject()
      }
    } else if let session {
      var out =
        "sessionId: \(TerminalText.escaped(session.sessionId))\ncreatedAt: \(AbandonedSessionFile.timestamp(session.createdAt))\n"
      out +=
        inProgress
        ? "inProgress: true (a checkout is running now)\n"
        : running
          ? "inProgress: false (a checkout is running now; this record is not its own)\n" : "inProgress: false\n"
      context.stdout.write(out)
    } else {
      context.stdout.write("no abandoned session\(running ? " (a checkout is running now)" : "")\n")
    }
    return session == nil ? .no : .success
  }

  func clear(force: Bool) throws(CLIError) -> ExitStatus {
    let directories = try context.checkoutDirectories()
    let removed: Bool
    do throws(CheckoutError) { removed = try AbandonedRecord.clear(in: directories, force: force) } catch {
      throw .checkout(error)
    }
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("cleared")
        json.bool(removed)
        json.endObject()
      }
    } else {
      context.stdout.write("cleared\n")
    }
    return .success
  }
}
