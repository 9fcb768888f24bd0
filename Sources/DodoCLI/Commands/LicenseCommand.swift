import DodoAccount
import DodoCheckout

extension CommandSpec {
  static let license: CommandSpec = CommandSpec(
    "license",
    abstract: "Activate, validate and deactivate the license keys a customer bought.",
    overview:
      "Dodo's license endpoints are public: no API key is needed, and none is ever sent to them.",
    discussion: """
      A desktop app that sells through Dodo gets license keys back in the checkout's result \
      (licenseKeys; 'dodo start --activate-license' activates them). 'dodo license' does the \
      rest of the cycle: activate a key on this machine, validate it (at the app's launch, \
      say), deactivate it to free the seat, and show what is stored. The license endpoints \
      (POST /licenses/activate, /licenses/validate, /licenses/deactivate) need no API key: \
      none is sent to them, even when one is configured. The mode and base URL are chosen as \
      for every API command (--mode, $DODO_PAYMENTS_ENVIRONMENT, the profile's mode, else \
      test; $DODO_PAYMENTS_BASE_URL), and each command says which mode it used (text: on \
      standard error; JSON: a "mode" key). A stored activation is validated and deactivated \
      in the mode it was made in.

      --app ID (else the profile's license_app, else dodo) names the application the \
      licenses belong to: each app has its own store and its own machine tag, so two apps on \
      one machine never see each other's keys. The store holds one file per key under \
      $XDG_STATE_HOME/dodo/licenses/APP/ ($DODO_STATE_DIR/licenses/APP/ when that is set): \
      the key, Dodo's instance id (lki_…), the name, the mode, the product, the customer and \
      the times. Files are 0600 in a 0700 directory, written atomically; a file that is a \
      link, a named pipe, another user's or open to others is refused (PLATFORM_ERROR), as the \
      abandoned record is. The same store is what the DodoLicense type of the Swift library \
      reads and writes.

      KEY - reads the key from standard input (its first line), so that it stays out of ps \
      and the shell's history. A key is 1 to 80 printable ASCII characters without spaces. \
      License keys are shown masked, ABCD…WXYZ (the first and last four characters; a key \
      shorter than 16 characters shows at most a quarter of itself at each end), in text and \
      JSON, never whole.

      Refusals are exit 1 with a "reason": not_found (404: no such license key), inactive \
      (403: the key is disabled or expired), limit_reached (422 on activate: the key is \
      active on the maximum number of machines; deactivate one first), invalid (Dodo \
      answered {"valid":false}), rejected (any other answer, such as 422 for a malformed \
      request or a 5xx: a license check fails closed). No answer at all (no connection, \
      DNS, TLS, a timeout) is exit 24, API_ERROR, except where validate's grace covers it.
      """,
    subcommands: [.licenseActivate, .licenseValidate, .licenseDeactivate, .licenseStatus],
    examples: [
      .init("pass show myapp/license | dodo license activate - --app com.example.app", "Activate a key kept in pass."),
      .init("dodo license validate --app com.example.app --grace 7", "Check the one stored key at launch."),
    ]
  )

  static let licenseActivate: CommandSpec = CommandSpec(
    "activate",
    abstract: "Activate a license key on this machine and store the activation.",
    discussion: """
      Sends POST /licenses/activate {license_key, name}. NAME defaults to this machine's host \
      name and a short machine tag, "hostname (1a2b3c4d)": the first 4 bytes, in lower-case \
      hex, of HMAC-SHA256 keyed with "dodo license " and the app id, over the first line of \
      /etc/machine-id (never the raw machine id, which stays on the machine; without one, the \
      host name alone). 201: the activation is stored and printed (instance id, name, \
      product, customer email), exit 0. A key already activated from this machine (a stored \
      activation that still validates) is not activated again: exit 0, saying so \
      ("alreadyActive":true). Refusals are exit 1 with "reason": not_found, inactive, \
      limit_reached. JSON: {"licenseKey":"ABCD…WXYZ","activated":true,"alreadyActive":false,\
      "instanceId":"lki_…","name":…,"productId":…,"productName":…,"customerEmail":…,\
      "mode":"test"}, or {"licenseKey":…,"activated":false,"reason":…,"message":…,"mode":…}.
      """,
    arguments: [ArgumentSpec("key", help: "The license key (- reads it from standard input).")],
    options: [LicenseOptions.name, LicenseOptions.app],
    examples: [.init("dodo license activate - --name 'work laptop' < key.txt", "Activate under a name of your own.")],
    exitStatuses: [
      .init(.success, "Activated now, or already active on this machine."),
      .init(.no, "Dodo refused: not_found, inactive or limit_reached."),
      .init(.platformError, "The license store cannot be used (PLATFORM_ERROR)."),
      .init(.apiError, "No answer from Dodo, or an answer that is not one of the above (API_ERROR)."),
      .init(.usage, "The key or the app id is not one, or the command line is wrong."),
    ],
    handler: { invocation, context throws(CLIError) in try LicenseRun(invocation, context).activate() }
  )

  static let licenseValidate: CommandSpec = CommandSpec(
    "validate",
    abstract: "Ask Dodo whether a license key, as activated here, is valid.",
    discussion: """
      Sends POST /licenses/validate {license_key, license_key_instance_id} with the stored \
      activation's instance id. KEY may be left out when exactly one activation is stored; a \
      key never activated here is validated without an instance. The verdict goes to \
      standard output, refusals included (they are not errors): {"licenseKey":"ABCD…WXYZ",\
      "valid":true,"instanceId":…,"offline":false,"graceEnds":null,"mode":"test"}, or \
      "valid":false with "reason" and "message". {"valid":true} is exit 0 and the store \
      records when; "valid":false, 403 or 404 is exit 1.

      Offline grace, as Dodo advises: only when no answer came at all (no connection, DNS, \
      TLS, a timeout; never an answer from Dodo, which always fails closed), and only within \
      DAYS (--grace, else the profile's license_grace_days; default none) of the last \
      successful validation or activation stored for the key, it is exit 0 with \
      "offline":true and "graceEnds":"YYYY-MM-DD" (the UTC day the grace ends), and a \
      warning naming that date. Outside the grace, no answer is exit 24. The grace is \
      advisory: the store is a file the machine's owner can edit, as with every client-side \
      license check.
      """,
    arguments: [
      ArgumentSpec(
        "key", help: "The license key (- reads it from standard input; default: the one stored).", optional: true)
    ],
    options: [LicenseOptions.grace, LicenseOptions.app],
    exitStatuses: [
      .init(.success, "Valid, or offline within the grace."),
      .init(.no, "Not valid: invalid, not_found, inactive or rejected."),
      .init(.platformError, "The license store cannot be used (PLATFORM_ERROR)."),
      .init(.apiError, "No answer from Dodo, outside any grace (API_ERROR)."),
      .init(.usage, "No KEY and not exactly one stored, a bad key, app id or --grace."),
    ],
    handler: { invocation, context throws(CLIError) in try LicenseRun(invocation, context).validate() }
  )

  static let licenseDeactivate: CommandSpec = CommandSpec(
    "deactivate",
    abstract: "Free this machine's seat of a license key and forget the activation.",
    discussion: """
      Sends POST /licenses/deactivate {license_key, license_key_instance_id} for the stored \
      activation (KEY may be left out when exactly one is stored). 200: the stored activation \
      is removed, exit 0. 403 or 404 (Dodo knows no such instance or key): it is removed too, \
      with a warning, exit 1. No answer: exit 24, and the activation is kept. JSON: \
      {"licenseKey":"ABCD…WXYZ","deactivated":true,"removed":true,"instanceId":…,"mode":…}, \
      with "reason" and "message" when Dodo refused.
      """,
    arguments: [
      ArgumentSpec(
        "key", help: "The license key (- reads it from standard input; default: the one stored).", optional: true)
    ],
    options: [LicenseOptions.app],
    exitStatuses: [
      .init(.success, "Deactivated; the activation is removed."),
      .init(.no, "Dodo knows no such instance or key; the activation is removed all the same."),
      .init(.platformError, "The license store cannot be used (PLATFORM_ERROR)."),
      .init(.apiError, "No answer from Dodo; the activation is kept (API_ERROR)."),
      .init(.usage, "The key is not activated here, or the command line is wrong."),
    ],
    handler: { invocation, context throws(CLIError) in try LicenseRun(invocation, context).deactivate() }
  )

  static let licenseStatus: CommandSpec = CommandSpec(
    "status",
    abstract: "Show the activations stored on this machine (no network).",
    discussion: """
      Reads the store alone: for each stored activation, the masked key, the instance id, the \
      name, the product, the customer's email, the mode, when it was activated and when Dodo \
      last validated it. JSON: an array of {"licenseKey","instanceId","name","productId",\
      "productName","customerEmail","mode","activatedAt","lastValidatedAt"}, [] when none.
      """,
    options: [LicenseOptions.app],
    exitStatuses: [
      .init(.success, "At least one activation is stored."),
      .init(.no, "None is stored."),
      .init(.platformError, "The license store cannot be used (PLATFORM_ERROR)."),
    ],
    handler: { invocation, context throws(CLIError) in try LicenseRun(invocation, context).status() }
  )
}

/// The options `dodo license`'s commands share.
enum LicenseOptions {
  static let app = OptionSpec(
    "app", value: "ID", help: "The application the licenses belong to (default: the profile's license_app, else dodo).")
  static let name = OptionSpec(
    "name", value: "NAME", help: "The activation's name (default: the host name and a short machine tag).")
  static let grace = OptionSpec(
    "grace", value: "DAYS",
    help: "Days since the last success that count as valid when no answer comes (default: license_grace_days).")
}
