import DodoCheckout
import DodoConfig
import DodoSetup

extension CommandSpec {
  static let validate: CommandSpec = CommandSpec(
    "validate",
    abstract: "Check a checkout URL, a return URL, and the configuration in effect.",
    overview:
      "Without arguments it checks what start would use: the return URL, the browser command and the config files.",
    discussion: """
      Checks what it is given: a checkout URL (an https URL on checkout.dodopayments.com or \
      test.checkout.dodopayments.com under /session/), a return URL (--return-url: an absolute \
      URL with a scheme and a host), and the configuration files in effect. Without \
      --return-url it checks the return URL that start would use ($DODO_RETURN_URL, then the \
      profile's return_url), and it always checks the browser command start would run \
      ($DODO_BROWSER, the profile's browser, then $BROWSER): its quotes must be closed. A \
      profile's browser command that does not parse is a configuration error (78) at its \
      file, line and column, as in start. Exits 0 when all of it is valid, else with the code \
      of the first problem.
      """,
    arguments: [ArgumentSpec("checkout-url", help: "The hosted checkout URL to check.", optional: true)],
    options: [SharedOptions.returnURL],
    examples: [
      .init("dodo validate 'https://test.checkout.dodopayments.com/session/cks_123'", "Check a checkout URL."),
      .init("dodo validate --return-url myapp://checkout/return", "Check a return URL."),
    ],
    exitStatuses: [
      .init(.success, "Everything checked is valid."),
      .init(.invalidCheckoutURL, "The checkout URL is invalid (INVALID_CHECKOUT_URL)."),
      .init(.invalidReturnURL, "The return URL is invalid (INVALID_RETURN_URL)."),
      .init(
        .configuration,
        "A configuration file does not load, its browser command does not parse, or the profile is unknown."),
      .init(.platformError, "The browser command from $DODO_BROWSER or $BROWSER does not parse (PLATFORM_ERROR)."),
    ],
    handler: { invocation, context throws(CLIError) in
      try ValidateCommand(context: context).run(
        checkoutURL: invocation.arguments.first, returnURL: invocation.value(SharedOptions.returnURL))
    }
  )
}

/// `dodo validate [CHECKOUT_URL] [--return-url URL]`.
struct ValidateCommand {
  let context: Context

  func run(checkoutURL: String?, returnURL: String?) throws(CLIError) -> ExitStatus {
    var findings: [String] = []
    var advice: String?
    do throws(CheckoutError) {
      if let checkoutURL {
        let url = try CheckoutURL(checkoutURL)
        let session = url.sessionId.map { "session \($0)" } ?? "no session id: no abandoned session would be recorded"
        findings.append("checkout URL: valid (\(url.isTestMode ? "test" : "live") mode, \(session))")
      }
      if let returnURL {
        let url = try ReturnURL.forCheckout(returnURL)
        advice = url.customSchemeWarning.map(TerminalText.escaped)
        findings.append(
          "return URL: valid"
            + (url.loopbackNote.map { " (loopback: dodo start serves it itself; \($0))" } ?? ""))
      }
    } catch {
      return invalid(.checkout(error))
    }
    // The configuration half (`ConfigurationValidation`): the files must load and the
    // profile exist before the settings are checked.
    do throws(CLIError) {
      let configuration = try context.configuration()
      let settings = try context.effectiveSettings(CommandLineSettings(), in: configuration)
      do throws(SettingProblem) {
        findings += try ConfigurationValidation.findings(
          settings, in: configuration, returnURLGiven: returnURL != nil,
          warn: { context.warn(TerminalText.escaped($0)) })
      } catch {
        throw CLIError(error)
      }
    } catch {
      return invalid(error)
    }
    // Advice, once all is known to be valid: the exit status and the answer stay the same.
    if let advice { context.warn(advice) }
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("valid")
        json.bool(true)
        json.endObject()
      }
    } else {
      // Findings name paths, profiles and IDs from outside: shown, never obeyed.
      context.stdout.write(findings.map { TerminalText.escaped($0) + "\n" }.joined())
    }
    return .success
  }

  /// Reports the first problem: on standard output with `--json` (it is the command's
  /// answer), else as an error on standard error.
  func invalid(_ error: CLIError) -> ExitStatus {
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("valid")
        json.bool(false)
        json.key("error")
        json.error(code: error.code, message: error.message)
        json.endObject()
      }
    } else {
      Dodo.report(error, context: context)
    }
    return error.exitStatus
  }
}
