import DodoTestSupport
import Foundation
import Testing

/// `RequiredTools.present` takes the list of what is *missing* (from `RequiredTools.missing`):
/// handed the names of needed programs instead, it skips the suite on every machine but CI's.
@Suite struct RequiredToolsTests {
  @Test func presentIsHandedWhatIsMissingNeverTheNamesOfWhatIsNeeded() throws {
    let directory = Repository.url("Tests")
    let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }
    var misuses: [String] = []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      if text.contains("RequiredTools.present" + "([") { misuses.append(file) }
    }
    #expect(misuses.isEmpty, "names of programs handed to RequiredTools.present in: \(misuses)")
  }
}
