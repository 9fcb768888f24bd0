import Foundation
import Testing

/// The committed man pages are clean for mandoc and render with man.
@Suite struct ManPageTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("man")

  static let pages: [String] =
    (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
    .filter { $0.hasSuffix(".1") || $0.hasSuffix(".5") }.sorted() ?? []

  @Test func everyDocumentedPageIsThere() {
    for page in [
      "dodo.1", "dodo-start.1", "dodo-handle-url.1", "dodo-abandoned.1", "dodo-validate.1",
      "dodo-explain-status.1", "dodo-url-handler.1", "dodo-config.1", "dodo-config.5",
    ] {
      #expect(Self.pages.contains(page), "man/\(page) is missing")
    }
  }

  @Test(
    .enabled(
      if: RequiredTools.present(RequiredTools.forManPages), "needs \(RequiredTools.forManPages.joined(separator: ", "))"
    ),
    arguments: pages)
  func lintsCleanWithMandoc(page: String) throws {
    let output = try Dodo.runProgram(
      "/usr/bin/env", ["mandoc", "-T", "lint", "-W", "warning", Self.directory.appendingPathComponent(page).path],
      environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    #expect(
      output.status == 0 && output.stdout.isEmpty && output.stderr.isEmpty,
      "mandoc -T lint: \(output.stdout)\(output.stderr)")
  }

  @Test(
    .enabled(
      if: RequiredTools.present(RequiredTools.forManPages), "needs \(RequiredTools.forManPages.joined(separator: ", "))"
    ),
    arguments: pages)
  func rendersWithMan(page: String) throws {
    let output = try Dodo.runProgram(
      "/usr/bin/env", ["man", "-l", Self.directory.appendingPathComponent(page).path],
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80",
        "LANG": "C.UTF-8",
      ])
    #expect(output.status == 0, "man -l \(page): \(output.stderr)")
    let name = page.split(separator: ".").first.map(String.init) ?? page
    #expect(output.stdout.contains("NAME"))
    #expect(output.stdout.contains(name), "the rendered \(page) does not name \(name)")
    #expect(output.stdout.contains("EXIT STATUS"))
  }
}
