import DodoCheckout
import DodoConfig
import DodoPlatform

/// `dodo doctor`'s checks of what the settings say: the config files in effect and the
/// return URL `dodo start` would use, whose route DodoPlatform's `DoctorRoute` then checks.
/// They need both DodoConfig (where each setting comes from) and DodoPlatform (the files'
/// owners and modes, the desktop), which must not see each other.
package enum DoctorSettings {
  /// The config files and the settings they give; a file that does not load is a finding,
  /// and the settings are then `nil` (the route falls back to the flag and the environment).
  package static func configuration(
    configFlag: String?, profileFlag: String?, returnURL: String?, environment: [String: String]
  ) -> ([DoctorFinding], EffectiveSettings?) {
    var findings: [DoctorFinding] = []
    let candidates = ConfigLocator.candidates(configFlag: configFlag, environment: environment)
    var found = 0
    for candidate in candidates {
      let status = try? Syscalls.lstat(candidate.path)
      guard let status else {
        if candidate.isRequired {
          findings.append(
            DoctorFinding(
              "config", .problem, "the config file \(candidate.path) (\(candidate.reason)) does not exist",
              fix: "create it, or name another file"))
        }
        continue
      }
      found += 1
      do throws(ConfigFileUnreadable) {
        _ = try TrustedConfigFile.read(candidate.path, limit: 1 << 20)
        let mode = String(status.permissions, radix: 8)
        findings.append(
          DoctorFinding(
            "config", .ok,
            "the config file \(candidate.path) belongs to \(status.owner == 0 ? "root" : "you"), mode \(mode)"))
      } catch {
        findings.append(
          DoctorFinding(
            "config", .problem, "the config file \(candidate.path) is refused: \(error.reason)",
            fix: "chmod go-w \(candidate.path) (and its directory), and make it yours"))
      }
    }
    if found == 0 && candidates.allSatisfy({ !$0.isRequired }) {
      // Not `[String].joined(separator:)`: its unspecialized code asks the runtime for an
      // associated type, and that first look-up scans every conformance record of the static
      // binary (docs/benchmarks.md).
      let paths = candidates.dropFirst().reduce(candidates.first?.path ?? "") { $0 + ", " + $1.path }
      findings.append(
        DoctorFinding(
          "config", .note, "no config file (\(paths))",
          fix: "optional: a profile with return_url saves passing --return-url; see dodo-config(5)"))
    }
    var flags = CommandLineSettings()
    flags.returnURL = returnURL
    flags.config = configFlag
    flags.profile = profileFlag
    do throws(ConfigError) {
      let configuration = try Configuration.loadTrusted(configFlag: configFlag, environment: environment)
      return (findings, try EffectiveSettings(configuration: configuration, flags: flags, environment: environment))
    } catch {
      if !findings.contains(where: { $0.outcome == .problem }) {
        findings.append(
          DoctorFinding("config", .problem, error.located, fix: "dodo validate shows where; see dodo-config(5)"))
      }
      return (findings, nil)
    }
  }

  /// The return URL's route, the browser and the session, for the return URL `dodo start`
  /// would use: the settings' (`--return-url`, `$DODO_RETURN_URL`, the profile's), else the
  /// flag's and the environment's when the settings did not load. The URL is returned for
  /// `--round-trip` when it is valid.
  package static func route(
    _ settings: EffectiveSettings?, returnURL flag: String?, environment: [String: String], executable: String?,
    probeLimit: DoctorProbeLimit = DoctorProbeLimit()
  ) -> ([DoctorFinding], ReturnURL?) {
    let text = settings?.returnURL.value ?? flag ?? environment["DODO_RETURN_URL"].flatMap { $0.isEmpty ? nil : $0 }
    // A fresh install has none, and needs none until a checkout is run: nothing is wrong.
    guard let text else {
      return (
        [
          DoctorFinding(
            "return-url", .note, "no return URL to check: none is set for dodo start",
            fix: "set return_url in a profile (dodo-config(5)) or DODO_RETURN_URL, or run dodo doctor --return-url URL")
        ], nil
      )
    }
    let url: ReturnURL
    do throws(CheckoutError) { url = try ReturnURL(text) } catch {
      return (
        [
          DoctorFinding(
            "return-url", .problem, "the return URL is not valid: \(error.message)",
            fix: "fix it where it is set\(settings.map { " (\($0.returnURL.source))" } ?? "")")
        ], nil
      )
    }
    let browser = settings?.browser.value.map { ($0, settings?.browser.source.description ?? "") }
    return (
      DoctorRoute(environment: environment, executable: executable, probeLimit: probeLimit).findings(
        returnURL: url, browser: browser), url
    )
  }
}
