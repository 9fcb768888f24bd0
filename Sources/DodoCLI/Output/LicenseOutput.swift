import DodoAccount
import DodoCheckout
import DodoNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `dodo license` prints: keys masked always, every text from outside escaped in text
/// output, the verdict on standard output (refusals included) and its exit status.
struct LicenseOutput {
  let context: Context

  func activation(_ outcome: LicenseKeeper.Activation, key: String, mode: APIMode) -> ExitStatus {
    switch outcome {
    case .activated(let record), .alreadyActive(let record):
      let already = if case .alreadyActive = outcome { true } else { false }
      if context.json {
        context.printJSON { json in
          json.beginObject()
          json.key("licenseKey")
          json.string(record.maskedKey)
          json.key("activated")
          json.bool(true)
          json.key("alreadyActive")
          json.bool(already)
          fields(record, json)
          json.key("mode")
          json.string(record.mode.rawValue)
          json.endObject()
        }
      } else {
        let head = already ? "already active on this machine (not activated again)" : "activated"
        context.stdout.write("\(record.maskedKey): \(head)\n" + lines(record))
      }
      return .success
    case .refused(let refusal, let said):
      refused(key: key, refusal, said, mode: mode) { json in
        json.key("activated")
        json.bool(false)
      }
      return .no
    }
  }

  func validation(_ outcome: LicenseKeeper.Validation, key: String, mode: APIMode) -> ExitStatus {
    switch outcome {
    case .valid(let record):
      write(key: key, valid: true, instanceId: record?.instanceId, graceEnds: nil, mode: mode)
      return .success
    case .offline(let record, let ends, let error):
      let day = LicenseGrace.day(ends)
      context.warn(
        "no answer from Dodo (\(error.message)); valid offline within the grace, which ends on \(day) (UTC)")
      write(key: key, valid: true, instanceId: record.instanceId, graceEnds: day, mode: mode)
      return .success
    case .invalid(let refusal, let said):
      refused(key: key, refusal, said, mode: mode) { json in
        json.key("valid")
        json.bool(false)
      }
      return .no
    }
  }

  func deactivation(_ outcome: LicenseKeeper.Deactivation) -> ExitStatus {
    switch outcome {
    case .deactivated(let record):
      if context.json {
        context.printJSON { json in
          json.beginObject()
          json.key("licenseKey")
          json.string(record.maskedKey)
          json.key("deactivated")
          json.bool(true)
          json.key("removed")
          json.bool(true)
          json.key("instanceId")
          json.string(record.instanceId)
          json.key("mode")
          json.string(record.mode.rawValue)
          json.endObject()
        }
      } else {
        context.stdout.write(
          "\(record.maskedKey): deactivated (instance \(TerminalText.escaped(record.instanceId)) removed)\n")
      }
      return .success
    case .forgotten(let record, let refusal, let said):
      context.warn(
        "Dodo refused to deactivate \(record.maskedKey) (\(refusal.message)); the stored activation is removed all the same"
      )
      refused(key: record.licenseKey, refusal, said, mode: record.mode) { json in
        json.key("deactivated")
        json.bool(false)
        json.key("removed")
        json.bool(true)
      }
      return .no
    }
  }

  func status(_ records: [LicenseRecord], appId: String) -> ExitStatus {
    if context.json {
      context.printJSON { json in
        json.beginArray()
        for record in records {
          json.beginObject()
          json.key("licenseKey")
          json.string(record.maskedKey)
          fields(record, json)
          json.key("mode")
          json.string(record.mode.rawValue)
          json.key("activatedAt")
          json.string(LicenseRecord.timestamp(record.activatedAt))
          json.key("lastValidatedAt")
          json.string(record.lastValidatedAt.map(LicenseRecord.timestamp))
          json.endObject()
        }
        json.endArray()
      }
    } else if records.isEmpty {
      context.stdout.write("no license is activated on this machine for app '\(TerminalText.escaped(appId))'\n")
    } else {
      context.stdout.write(
        records.map { record in
          "\(record.maskedKey)\n" + lines(record) + "  mode:          \(record.mode.rawValue)\n"
            + "  activated:     \(LicenseRecord.timestamp(record.activatedAt))\n"
            + "  lastValidated: \(record.lastValidatedAt.map(LicenseRecord.timestamp) ?? "never")\n"
        }.joined())
    }
    return records.isEmpty ? .no : .success
  }

  /// `"instanceId"`, `"name"`, `"productId"`, `"productName"`, `"customerEmail"`.
  private func fields(_ record: LicenseRecord, _ json: JSONWriter) {
    json.key("instanceId")
    json.string(record.instanceId)
    json.key("name")
    json.string(record.name)
    json.key("productId")
    json.string(record.productId)
    json.key("productName")
    json.string(record.productName)
    json.key("customerEmail")
    json.string(record.customerEmail)
  }

  private func lines(_ record: LicenseRecord) -> String {
    let shown = TerminalText.escaped
    var out = "  instance:      \(shown(record.instanceId))\n  name:          \(shown(record.name))\n"
    if let product = record.productId {
      out += "  product:       \(shown(product))\(record.productName.map { " (\(shown($0)))" } ?? "")\n"
    }
    if let email = record.customerEmail { out += "  customer:      \(shown(email))\n" }
    return out
  }

  private func write(key: String, valid: Bool, instanceId: String?, graceEnds: String?, mode: APIMode) {
    let masked = LicenseKey.masked(key)
    guard context.json else {
      context.stdout.write("\(masked): valid\(graceEnds.map { " (offline, grace until \($0))" } ?? "")\n")
      return
    }
    context.printJSON { json in
      json.beginObject()
      json.key("licenseKey")
      json.string(masked)
      json.key("valid")
      json.bool(valid)
      json.key("instanceId")
      json.string(instanceId)
      json.key("offline")
      json.bool(graceEnds != nil)
      json.key("graceEnds")
      json.string(graceEnds)
      json.key("mode")
      json.string(mode.rawValue)
      json.endObject()
    }
  }

  /// A refusal on standard output: `{"licenseKey":…,EXTRA,"reason":…,"message":…,"mode":…}`.
  private func refused(
    key: String, _ refusal: LicenseRefusal, _ said: String?, mode: APIMode, extra: (JSONWriter) -> Void
  ) {
    let message = refusal.message + (said.map { " (Dodo says: \($0))" } ?? "")
    guard context.json else {
      context.stdout.write(
        "\(LicenseKey.masked(key)): refused: \(refusal.rawValue): \(TerminalText.escaped(message))\n")
      return
    }
    context.printJSON { json in
      json.beginObject()
      json.key("licenseKey")
      json.string(LicenseKey.masked(key))
      extra(json)
      json.key("reason")
      json.string(refusal.rawValue)
      json.key("message")
      json.string(message)
      json.key("mode")
      json.string(mode.rawValue)
      json.endObject()
    }
  }
}
