import DodoPlatform
import DodoSetup

extension CommandSpec {
  static let doctor: CommandSpec = CommandSpec(
    "doctor",
    abstract: "Check this machine's return path and say how to fix each problem.",
    overview:
      "It checks PATH, the config files, dodo's directories, the route of the return URL (URL handler or loopback port), the browser and the session.",
    discussion: """
      The question every desktop checkout ends with is "why does my return never arrive?": \
      doctor checks, on this machine and for the settings dodo start would use, each thing the \
      return depends on, and prints a checklist: a line per check, marked with a check mark \
      when it is as it should be, a cross with a fix when it is not, and a bullet for what is \
      worth knowing. A fresh install is no problem: no config file, no return URL yet, or no \
      browser opener where start opens none (SSH, no display) are notes.

      The checks: which dodo is first on PATH (and whether Dodo Payments' Node CLI, npm \
      dodopayments-cli, which installs a dodo too, is there: it answers to dodopayments); the \
      config files in effect, their owners and modes, and whether they load; the state and \
      runtime directories; the return URL (--return-url, else $DODO_RETURN_URL, else the \
      profile's return_url): for a custom scheme, whether the desktop routes it \
      (xdg-mime query default x-scheme-handler/SCHEME, as mimeapps.list says) to a desktop \
      entry that runs dodo handle-url with a program that exists; for a loopback return URL, \
      whether its port is free; the browser command start would run, or the default browser \
      (xdg-settings) and whether it is a Snap, whose sandbox hands no custom scheme to the \
      desktop, or a Flatpak, whose portal may ask; and whether this is a graphical session, an \
      SSH session or neither (xdg-open hands a custom scheme to its handler only with a \
      display).

      --round-trip then sends a synthetic return through the real route to a waiting checkout \
      of doctor's own (under the one-at-a-time lock, so not while dodo start waits) and \
      reports each hop: for a custom scheme, the desktop's URL opener (xdg-open) is given \
      SCHEME://HOST/PATH?dodo_doctor=NONCE (never the return URL's own parameters) and must \
      run dodo handle-url within 15 seconds; for a loopback return URL, doctor sends the \
      browser's request itself and reads the answer; a web return URL (https, or http without \
      a loopback port), which dodo cannot receive, is not tried. The abandoned-session record \
      is not touched.

      Each program doctor asks (xdg-mime, xdg-settings) has at most 5 seconds to answer, and \
      all of them 10 together, so doctor finishes whatever hangs. They, and the URL opener of \
      --round-trip, run without DODO_PAYMENTS_API_KEY and DODO_PAYMENTS_WEBHOOK_KEY in their \
      environment.

      Without --round-trip nothing is changed: doctor only looks. With --json, one document: {"ok": false, \
      "problems": 1, "checks": [{"check": "url-handler", "status": "problem", "message": …, \
      "fix": …}, …]} (without the spaces), each check's status one of ok, problem and note.
      """,
    options: [DoctorCommand.returnURL, DoctorCommand.roundTrip],
    examples: [
      .init("dodo doctor", "Check the return path of the profile in effect."),
      .init("dodo doctor --return-url http://127.0.0.1:53682/return", "Check a loopback return URL's port."),
      .init("dodo --profile prod doctor --json", "The same checks for another profile, as JSON."),
    ],
    exitStatuses: [
      .init(.success, "Every check passed (notes aside)."),
      .init(.no, "Something needs fixing: each line marked with a cross says what."),
    ],
    handler: { invocation, context in
      DoctorCommand(context: context).run(
        returnURL: invocation.value(DoctorCommand.returnURL), roundTrip: invocation.isSet(DoctorCommand.roundTrip))
    }
  )
}

/// `dodo doctor`: runs DodoSetup's `DoctorChecklist` and prints its findings as a checklist
/// or one JSON document.
struct DoctorCommand {
  static let returnURL = OptionSpec(
    "return-url", value: "URL", help: "Check this return URL instead of the one the profile or environment gives.")
  static let roundTrip = OptionSpec(
    "round-trip", help: "Also send a synthetic return through the real route to a waiting checkout of doctor's own.")

  let context: Context

  func run(returnURL flag: String?, roundTrip: Bool = false) -> ExitStatus {
    let directories: Result<DodoDirectories, DoctorChecklist.UnresolvedDirectories>
    do throws(CLIError) { directories = .success(try context.checkoutDirectories()) } catch {
      directories = .failure(DoctorChecklist.UnresolvedDirectories(error.message))
    }
    let executable: String? = Syscalls.executablePath()
    let checklist = DoctorChecklist(
      configFlag: context.configPath, profileFlag: context.profile, returnURL: flag, roundTrip: roundTrip,
      environment: context.environment, executable: executable, directories: directories)
    print(checklist)
    return checklist.problems == 0 ? .success : .no
  }

  private func print(_ checklist: DoctorChecklist) {
    let (findings, problems) = (checklist.findings, checklist.problems)
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("ok")
        json.bool(problems == 0)
        json.key("problems")
        json.number(Double(problems))
        json.key("checks")
        json.beginArray()
        for finding in findings {
          json.beginObject()
          json.key("check")
          json.string(finding.check)
          json.key("status")
          json.string(finding.outcome.rawValue)
          json.key("message")
          json.string(finding.message)
          if let fix = finding.fix {
            json.key("fix")
            json.string(fix)
          }
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      return
    }
    let style = context.stdoutStyle
    var out = ""
    for finding in findings {
      let mark =
        switch finding.outcome {
        case .ok: style.green("✓")
        case .problem: style.red("✗")
        case .note: style.yellow("•")
        }
      out += "\(mark) \(HelpFormatter.wrap(TerminalText.escaped(finding.message), indent: 2).dropFirst(2))\n"
      if let fix = finding.fix {
        out += "    fix: \(HelpFormatter.wrap(TerminalText.escaped(fix), indent: 9).dropFirst(9))\n"
      }
    }
    out +=
      problems == 0
      ? "\nNo problems found.\n" : "\n\(problems) problem\(problems == 1 ? "" : "s") to fix (the ✗ lines).\n"
    context.stdout.write(out)
  }
}
