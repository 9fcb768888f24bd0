import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// `ProgramConnection`: a program kept running, messages in on its standard input and answers
/// out of its standard output through one socket; the way `dodo` talks to its HTTPS helper.
@Suite struct ProgramConnectionTests {
  func readToTheEnd(_ program: ProgramConnection) -> [UInt8] {
    var output: [UInt8] = []
    while true {
      let bytes = program.read()
      if bytes.isEmpty { return output }
      output += bytes
    }
  }

  @Test func aLargeMessageGoesInAndComesBackWhole() throws {
    let input = (0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let cat = try ProgramConnection("/bin/cat", environment: [:])
    let writer = Thread {
      _ = cat.write(input, until: .now + .seconds(60))
      cat.closeInput()
    }
    writer.start()
    #expect(readToTheEnd(cat) == input)
    #expect(cat.reap() == .exited(0))
  }

  @Test func aProgramThatDoesNotReadItsInputIsNoSignalToUs() throws {
    let directory = TemporaryDirectory()
    let program = try directory.writeProgram("answer", "#!/bin/sh\necho answer\n")
    let connection = try ProgramConnection(program, environment: [:])
    _ = connection.write([UInt8](repeating: 7, count: 1024 * 1024), until: .now + .seconds(60))
    #expect(readToTheEnd(connection) == Array("answer\n".utf8))
    #expect(connection.reap() == .exited(0))
  }

  @Test func itsArgumentsAreOnlyItsPath() throws {
    let directory = TemporaryDirectory()
    let program = try directory.writeProgram("show", "#!/bin/sh\nprintf '%s|' \"$0\" \"$@\"; env\n")
    let connection = try ProgramConnection(program, environment: ["ONLY": "this"])
    let text = String(decoding: readToTheEnd(connection), as: UTF8.self)
    #expect(text.hasPrefix("\(program)|"))
    #expect(text.contains("ONLY=this"))
    _ = connection.reap()
  }

  @Test func aKilledProgramEndsItsOutputAndIsReaped() throws {
    let cat = try ProgramConnection("/bin/cat", environment: [:])
    cat.kill()
    #expect(readToTheEnd(cat).isEmpty)
    #expect(cat.reap() == .signaled(9))
  }
}
