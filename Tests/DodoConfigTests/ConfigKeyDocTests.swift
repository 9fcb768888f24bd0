import Testing

@testable import DodoConfig

/// dodo-config(5) describes every key the schema takes, and no other.
@Suite struct ConfigKeyDocTests {
  @Test("the documented keys are the schema's, at each level")
  func keysAreTheSchemas() {
    #expect(ConfigKeyDoc.top.map(\.key) == ConfigSchema.topKeys)
    #expect(Set(ConfigKeyDoc.profile.map(\.key)) == Set(ConfigSchema.profileKeys))
    #expect(ConfigKeyDoc.profile.count == ConfigSchema.profileKeys.count)
    #expect(ConfigKeyDoc.customization.map(\.key) == ConfigSchema.customizationKeys)
  }

  @Test("the accepted values come from the enums the schema checks against")
  func values() {
    #expect(ConfigKeyDoc.customization.first?.text == "One of: done, close, cancel.")
  }
}
