import DodoCheckout
import DodoPlatform

extension CommandSpec {
  static let handleURL: CommandSpec = CommandSpec(
    "handle-url",
    abstract: "Hand a URL to the checkout in progress; exit 0 when it claimed it.",
    overview: "What the desktop runs for the return URL's scheme (see 'dodo url-handler'); a script can run it too.",
    discussion: """
      What the desktop runs for a URL of the return URL's scheme (see 'dodo url-handler'), and \
      what a script can run itself. The URL goes to the running 'dodo start' over a private \
      Unix socket in the runtime directory; start claims it when it matches the return URL \
      (scheme, host and path) and carries the return URL's own query parameters with the same \
      values (a per-run state=…: any web page can open the scheme, and this command, with a \
      URL of its choosing), and ends with its result. Any other URL is not claimed, and is \
      never an error: the desktop may route any URL of the scheme here. With --json: \
      {"claimed":true} or {"claimed":false}. With --verbose, an unclaimed URL is explained on \
      standard error: no checkout is waiting, or why the one waiting did not take it (it \
      lacks this run's state or carries another, or its scheme, host or path differs), \
      never with the URL's query; start says the same as a warning. A claimed return that names no payment_id or \
      subscription_id is unconfirmed: start ends with its status but keeps the abandoned \
      session, with a warning.

      The answer is the truth. It is awaited for at most 10 seconds; a checkout that does not \
      answer in that time (it is stopped, or overloaded) or drops the connection is "no \
      answer", exit 23, never "not claimed": and since start never acts on a URL whose sender \
      has gone, a URL that got no answer is not claimed later either; send it again. start \
      answers before it does anything that can block (writing its result to a full pipe), so \
      "claimed" means that start took the URL and ends with it; its abandoned-session record \
      goes once the result is written.
      """,
    arguments: [ArgumentSpec("url", help: "The URL the checkout returned to, with its query.")],
    examples: [
      .init(
        "dodo handle-url 'myapp://checkout/return?status=succeeded&payment_id=pay_1'", "Deliver a return URL by hand.")
    ],
    exitStatuses: [
      .init(.success, "The checkout in progress claimed the URL."),
      .init(.no, "Nothing claimed it: no checkout is running, or the URL does not match its return URL."),
      .init(
        .platformError,
        "No answer from the checkout in progress, or the runtime directory is unusable (PLATFORM_ERROR)."),
    ],
    handler: { invocation, context throws(CLIError) in
      try HandleURLCommand(context: context).run(url: invocation.arguments[0])
    }
  )
}

/// `dodo handle-url URL`: the desktop's `DodoCheckout.handleOpenURL`.
struct HandleURLCommand {
  let context: Context

  func run(url: String) throws(CLIError) -> ExitStatus {
    let directories = try context.checkoutDirectories()
    let claimed: Bool
    do throws(PlatformError) {
      let answer = try ReturnChannelClient.send(url, runtimeDirectory: directories.runtime)
      claimed = try answer.claimed()
      if context.verbose, let why = Self.whyNotClaimed(answer) { context.stderr.write("dodo: \(why)\n") }
    } catch {
      throw .platform(error)
    }
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("claimed")
        json.bool(claimed)
        json.endObject()
      }
    } else {
      context.stdout.write(claimed ? "claimed\n" : "not claimed\n")
    }
    return claimed ? .success : .no
  }

  /// What `--verbose` says of a URL that was not claimed: no checkout waiting, or why the
  /// one waiting did not take it (never anything of the URL's query).
  static func whyNotClaimed(_ answer: URLHandoff.Answer) -> String? {
    switch answer {
    case .notWaiting: "no checkout is waiting for a return"
    case .refused(let refusal): "the checkout in progress did not claim it: \(refusal.message)"
    case .unclaimed: "the checkout in progress did not claim it"
    case .claimed, .noAnswer: nil
    }
  }
}
