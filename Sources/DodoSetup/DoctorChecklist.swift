import DodoCheckout
import DodoConfig
import DodoPlatform

/// Everything `dodo doctor` finds, in the order it prints it: which dodo is on PATH
/// (`DoctorPaths`), the config files and settings (`DoctorSettings`), dodo's directories
/// (`DoctorSystem`), the return URL's route, and with `--round-trip`, each hop of a synthetic
/// return (`DoctorRoundTrip`). Doctor only looks unless a round trip is asked for.
package struct DoctorChecklist: Sendable {
  /// What the state and runtime directories could not be resolved for (the message says).
  package struct UnresolvedDirectories: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
  }

  package var findings: [DoctorFinding]

  /// How many findings are problems: doctor exits 1 when there is any.
  package var problems: Int { findings.filter { $0.outcome == .problem }.count }

  /// Runs every check for the settings `dodo start` would use with `configFlag`,
  /// `profileFlag` and `environment`, or for `returnURL` (`--return-url`) when given;
  /// `executable` is dodo's own path, when it is known; `probeLimit` bounds the programs
  /// doctor asks (`xdg-mime`, `xdg-settings`).
  package init(
    configFlag: String?, profileFlag: String?, returnURL: String?, roundTrip: Bool, environment: [String: String],
    executable: String?, directories: Result<DodoDirectories, UnresolvedDirectories>,
    probeLimit: DoctorProbeLimit = DoctorProbeLimit()
  ) {
    findings = DoctorPaths.findings(self: executable, environment: environment)
    let (configFindings, settings) = DoctorSettings.configuration(
      configFlag: configFlag, profileFlag: profileFlag, returnURL: returnURL,
      environment: environment)
    findings += configFindings
    switch directories {
    case .success(let directories): findings += DoctorSystem.directoryFindings(directories)
    case .failure(let error):
      findings.append(DoctorFinding("state-directory", .problem, error.message, fix: "set HOME, or DODO_STATE_DIR"))
    }
    let (routeFindings, url) = DoctorSettings.route(
      settings, returnURL: returnURL, environment: environment, executable: executable, probeLimit: probeLimit)
    findings += routeFindings
    if roundTrip, let url, case .success(let directories) = directories {
      findings += DoctorRoundTrip(environment: environment, directories: directories).run(url)
    }
  }
}
