import Testing

@testable import DodoConfig

/// The profile keys of `dodo license`: `license_app` and `license_grace_days`.
@Suite struct LicenseKeysTests {
  @Test func bothKeysAreReadWithTheirSources() throws {
    let file = try ConfigFile(
      path: "config.yaml",
      contents: Array("profiles:\n  a:\n    license_app: com.example.app\n    license_grace_days: 7\n".utf8))
    let profile = try #require(file.profiles.first)
    #expect(profile.licenseApp?.value == "com.example.app")
    #expect(profile.licenseGraceDays?.value == 7)
  }

  @Test(arguments: ["-1", "3651", "1.5", "\"7\"", "seven"])
  func badGraceDays(value: String) {
    let error = renderedError("profiles:\n  a:\n    license_grace_days: \(value)\n")
    #expect(
      error?.hasPrefix("config.yaml:3:25: error: 'license_grace_days' must be a whole number of days from 0 to 3650")
        == true, "\(error ?? "valid")")
  }
}
