import DodoConfig
import Testing

@testable import DodoSetup

/// What `config show` lists for the license commands: the profile's keys with their place in
/// the file, else the built-in app and no grace.
@Suite struct LicenseChoiceShownTests {
  @Test("the profile's license_app and license_grace_days, each with its file, line and column")
  func fromTheProfile() throws {
    let yaml = "profiles:\n  p:\n    license_app: com.example.app\n    license_grace_days: 7\n"
    let file = try ConfigFile(path: "c.yaml", contents: Array(yaml.utf8))
    let rows = LicenseChoice.shown(profile: file.profiles.first)
    #expect(rows.map(\.name) == ["license_app", "license_grace_days"])
    #expect(rows.map { "\($0.jsonName)" } == ["licenseApp", "licenseGraceDays"])
    #expect(rows.map(\.value) == ["com.example.app", "7"])
    #expect(rows.map(\.origin) == ["file c.yaml:3:18", "file c.yaml:4:25"])
    #expect(rows[1].number == 7)
  }

  @Test("without them (or a profile): the app dodo and no grace, both the defaults")
  func defaults() {
    let rows = LicenseChoice.shown(profile: nil)
    #expect(rows.map(\.value) == ["dodo", nil])
    #expect(rows.map(\.origin) == ["default", "default"])
    #expect(rows[1].number == nil)
  }
}
