import DodoCheckout
import DodoConfig
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// The one error convention: every public error type prints as a sentence (not Swift's dump
/// of an enum case), and a command's failures reach the user through `CLIError` with their
/// exact message and exit status.
@Suite("Errors: readable descriptions and one convention")
struct ErrorConventionTests {
  @Test("every public error type describes itself as a sentence")
  func descriptions() {
    #expect(
      "\(CLIError.usage("unknown option '--x'", command: ["dodo", "start"]))" == "unknown option '--x' (USAGE_ERROR)")
    #expect(
      "\(CLIError.unknownCommand("strat", suggestion: "start"))"
        == "unknown command 'strat'. Did you mean 'start'? (UNKNOWN_COMMAND)")
    #expect(
      "\(CLIError.configuration(ConfigError(path: "config.yaml", line: 1, column: 1, message: "bad")))"
        == "config.yaml:1:1: bad (CONFIG_ERROR)")
    #expect(
      "\(CLIError.checkout(.alreadyInProgress))" == "\(CheckoutError.alreadyInProgress.message) (ALREADY_IN_PROGRESS)")
    #expect(
      "\(PresentationFailure(.platformError("cannot run the browser command"), mayBeShowing: false))"
        == "cannot run the browser command (PLATFORM_ERROR); the checkout never appeared")
    #expect(
      "\(PresentationFailure(.platformError("the browser command exited with status 3"), mayBeShowing: true))"
        == "the browser command exited with status 3 (PLATFORM_ERROR); the checkout may be showing")
    #expect("\(PlatformError("no runtime directory"))" == "no runtime directory")
    #expect("\(SystemError("open", errno: .permissionDenied, subject: "/x"))" == "open /x: Permission denied")
  }

  @Test("a read error on standard input is PLATFORM_ERROR with the failed call, through CLIError")
  func standardInputUnreadable() throws {
    let directory = open("/", O_RDONLY | O_DIRECTORY)
    try #require(directory >= 0)
    defer { close(directory) }
    let scratch = TemporaryDirectory()
    let err = scratch.url.appendingPathComponent("err")
    FileManager.default.createFile(atPath: err.path, contents: nil)
    let stderr = try FileHandle(forWritingTo: err)
    let status = Dodo.main(
      arguments: ["explain-status", "-"], environment: ["HOME": scratch.path, "NO_COLOR": "1"],
      stdinFD: UnownedDescriptor(ownedElsewhere: directory),
      stdout: FileDescriptorSink(fd: UnownedDescriptor(ownedElsewhere: stderr.fileDescriptor)),
      stderr: FileDescriptorSink(fd: UnownedDescriptor(ownedElsewhere: stderr.fileDescriptor)))
    try stderr.close()
    #expect(status == 23)
    #expect(try String(contentsOf: err, encoding: .utf8) == "Error: cannot read standard input: read: Is a directory\n")
  }
}
