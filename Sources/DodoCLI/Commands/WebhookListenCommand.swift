import DodoAccount
import DodoPlatform

extension CommandSpec {
  static let webhookListen = CommandSpec(
    "listen",
    abstract: "Receive webhook deliveries on a loopback port, verify them, and pass valid ones on.",
    discussion: """
      Serves HTTP on 127.0.0.1:PORT only (--port 0 lets the system pick one; the address is \
      printed on standard error), for a tunnel that points Dodo's webhook at this machine. \
      Each POST is verified as webhook verify does and printed as one line (one JSON object \
      with --json: id, type, timestamp, valid, problems, diagnosis, forwarded): a valid one is \
      answered 204, an invalid one 401. With --forward-to, each valid delivery is POSTed on to \
      that URL with its body byte for byte and its headers as received (less Host, \
      Content-Length and the connection's own headers), and the app's status is printed; an \
      invalid one never reaches the app. Deliveries are handled one at a time, so the next \
      waits while one is forwarded (at most 30 s, the request limit).

      The server has the limits of start's loopback listener: at most 64 connections, a \
      client must start its request within 1 s and finish it within 5 s, a head of at most \
      about 48 KiB and a body of at most 1 MiB with a Content-Length (no chunked bodies). It \
      runs until SIGINT or SIGTERM, which end it at once, also while a delivery is forwarded \
      (that forward is abandoned), and then exits 0.
      """,
    options: [WebhookListenCommand.port, WebhookOptions.secret, WebhookListenCommand.forwardTo],
    examples: [
      .init("dodo webhook listen --port 8787", "Verify what a tunnel to port 8787 delivers."),
      .init(
        "dodo webhook listen --port 8787 --forward-to http://localhost:3000/webhooks",
        "Pass verified deliveries on to the app."),
    ],
    exitStatuses: [
      .init(.success, "Stopped by SIGINT or SIGTERM."),
      .init(.platformError, "The port could not be listened on (in use, or not allowed)."),
      .init(.usage, "The command line is wrong."),
      .init(.configuration, "No secret was given, or $DODO_PAYMENTS_WEBHOOK_KEY is not one."),
    ],
    handler: { invocation, context throws(CLIError) in try WebhookListenCommand.run(invocation, context) }
  )
}

/// `dodo webhook listen`: serves the loopback port and prints what `WebhookRelay` made of
/// each delivery.
enum WebhookListenCommand {
  static let port = OptionSpec("port", value: "PORT", help: "The loopback port to listen on (0: any free one).")
  static let forwardTo = OptionSpec(
    "forward-to", value: "URL",
    help: "Pass valid deliveries on to this URL (https://, or http:// to a loopback host) with their headers and body.")
  static func run(_ invocation: Invocation, _ context: Context) throws(CLIError) -> ExitStatus {
    guard let text = invocation.value(port) else { throw .usage("--port PORT is required", command: invocation.path) }
    guard let number = UInt16(text) else {
      throw .usage("invalid value '\(text)' for '--port' (expected a port from 0 to 65535)", command: invocation.path)
    }
    let forward = invocation.value(forwardTo)
    if let forward { try WebhookSendCommand.checkURL(forward, option: forwardTo, invocation) }
    let relay = WebhookRelay(
      verifier: WebhookVerifier(secret: try WebhookOptions.secret(invocation, context)), forwardTo: forward,
      transport: context.transport)
    let server = LoopbackHTTPServer()
    defer { server.close() }
    let bound: UInt16
    do throws(PlatformError) { bound = try server.open(port: number) } catch { throw .checkout(error.checkoutError) }
    announce("http://127.0.0.1:\(bound)/", context)
    while true {
      let event: LoopbackHTTPServer.Event
      do throws(PlatformError) { event = try server.next() } catch { throw .checkout(error.checkoutError) }
      guard case .request(let request) = event else { return .success }
      let handled = HandledDelivery()
      let headers = request.fields.map { HTTPHeader($0.name, $0.value) }
      // A forward may hang for its whole time limit: a signal ends the command meanwhile.
      let finished: Bool
      do throws(PlatformError) {
        finished = try server.awaitWork {
          handled.outcome = relay.handle(headers: headers, body: request.body, now: Syscalls.unixTime())
        }
      } catch {
        throw .checkout(error.checkoutError)
      }
      guard finished, let outcome = handled.outcome else {
        ProgramConnection.stopAll()
        return .success
      }
      server.respond(to: request.id, status: outcome.status, body: outcome.body)
      report(outcome.verdict, forwarded: outcome.forwarded, context)
    }
  }

  /// What the relay made of a delivery, set on the thread that handled it, read after it ended.
  private final class HandledDelivery: @unchecked Sendable {
    var outcome: WebhookRelay.Outcome?
  }

  private static func announce(_ address: String, _ context: Context) {
    if context.json {
      let writer = JSONWriter()
      writer.beginObject()
      writer.key("listening")
      writer.string(address)
      writer.endObject()
      writer.newline()
      context.stderr.write(writer.bytes)
    } else {
      context.stderr.write("dodo: listening on \(address) (Ctrl-C stops)\n")
    }
    context.stderr.flush()
  }

  /// One line, or one JSON object, per delivery; flushed at once.
  private static func report(
    _ verdict: WebhookVerdict, forwarded: Result<HTTPResponse, TransportError>?, _ context: Context
  ) {
    if context.json {
      context.printJSON { json in
        json.beginObject()
        WebhookOptions.write(verdict, to: json)
        json.key("forwarded")
        switch forwarded {
        case nil: json.null()
        case .success(let response):
          json.beginObject()
          json.key("status")
          json.number(Double(response.status))
          json.endObject()
        case .failure(let error):
          json.beginObject()
          json.key("status")
          json.null()
          json.key("error")
          json.string(error.message)
          json.endObject()
        }
        json.endObject()
      }
    } else {
      let style = context.stdoutStyle
      var line = (verdict.isValid ? style.green("valid") : style.red("invalid")) + " "
      line += WebhookOptions.describe(verdict)
      switch forwarded {
      case nil: break
      case .success(let response): line += " -> app \(response.status)"
      case .failure(let error): line += " -> app did not answer: \(TerminalText.escaped(error.message))"
      }
      if !verdict.isValid {
        line += ": " + verdict.problems.map { TerminalText.escaped($0.message) }.joined(separator: "; ")
      }
      context.stdout.write(line + "\n")
    }
    context.stdout.flush()
  }
}
