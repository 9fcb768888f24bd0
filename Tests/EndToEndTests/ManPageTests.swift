import DodoTestSupport
import Foundation
import Testing

/// The committed man pages are clean for mandoc and render with man.
@Suite struct ManPageTests {
  static let directory = Repository.url("man")

  /// Each page as its path under man/: `man1/dodo.1`, `man5/dodo-config.5`.
  static let pages: [String] = ["man1", "man5"].flatMap { section in
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(section).path)) ?? [])
      .filter { $0.hasSuffix(".1") || $0.hasSuffix(".5") }.map { section + "/" + $0 }
  }.sorted()

  @Test func everyDocumentedPageIsThere() {
    for page in [
      "man1/dodo.1", "man1/dodo-start.1", "man1/dodo-handle-url.1", "man1/dodo-abandoned.1", "man1/dodo-validate.1",
      "man1/dodo-explain-status.1", "man1/dodo-url-handler.1", "man1/dodo-config.1", "man5/dodo-config.5",
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
    let output = try Subprocess.run(
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
    let output = try Subprocess.run(
      "/usr/bin/env", ["man", "-l", Self.directory.appendingPathComponent(page).path],
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80",
        "LANG": "C.UTF-8",
      ])
    #expect(output.status == 0, "man -l \(page): \(output.stderr)")
    let file = page.split(separator: "/").last.map(String.init) ?? page
    let name = file.split(separator: ".").first.map(String.init) ?? file
    #expect(output.stdout.contains("NAME"))
    #expect(output.stdout.contains(name), "the rendered \(page) does not name \(name)")
    #expect(output.stdout.contains("EXIT STATUS"))
  }

  @Test(
    "man renders without a warning when LANG is unset (the C locale)",
    .enabled(
      if: RequiredTools.present(RequiredTools.forManPages), "needs \(RequiredTools.forManPages.joined(separator: ", "))"
    ),
    arguments: pages)
  func rendersWithoutALocale(page: String) throws {
    let output = try Subprocess.run(
      "/usr/bin/env", ["man", "-l", Self.directory.appendingPathComponent(page).path],
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80",
      ])
    #expect(output.status == 0 && output.stderr.isEmpty, "man -l \(page) without LANG: \(output.stderr)")
  }

  @Test(
    "man finds the pages of a checkout by name: MANPATH=$PWD/man man dodo",
    .enabled(
      if: RequiredTools.present(RequiredTools.forManPages), "needs \(RequiredTools.forManPages.joined(separator: ", "))"
    ),
    arguments: [["dodo"], ["dodo-start"], ["5", "dodo-config"]])
  func manFindsThePagesThroughMANPATH(arguments: [String]) throws {
    let output = try Subprocess.run(
      "/usr/bin/env", ["man", "-w"] + arguments,
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "MANPATH": Self.directory.path,
        "LANG": "C.UTF-8",
      ])
    #expect(output.status == 0, "MANPATH=man man -w \(arguments): \(output.stderr)")
    #expect(output.stdout.hasPrefix(Self.directory.path + "/man"), "\(output.stdout)")
  }
}
