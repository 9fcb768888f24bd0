import DodoBytes
import Testing

/// The byte engine's API against byte-at-a-time models, at every offset of a word.
@Suite("The byte engine")
struct ByteEngineTests {
  @Test("the cheaper masks' first mark is the first matching byte, whatever follows it")
  func firstMarks() {
    for length in 0...17 {
      for position in 0..<length {
        for probe: UInt8 in [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5C, 0x7F, 0x80, 0xFF] {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[position] = probe
          if position + 1 < length { bytes[position + 1] = probe &+ 1 }  // a borrow's victim
          bytes.withBytes { view in
            let equal = ByteWord.firstMarked(in: view, from: 0, to: length) { ByteWord.equal($0, probe) }
            #expect(equal == (bytes.firstIndex(of: probe) ?? length), "\(probe) at \(position) of \(length)")
            let below = ByteWord.firstMarked(in: view, from: 0, to: length) { ByteWord.below($0, 0x20) }
            #expect(below == (bytes.firstIndex { $0 < 0x20 } ?? length), "\(probe) at \(position) of \(length)")
            #expect(view.firstIndex(of: probe, in: 0..<length) == bytes.firstIndex(of: probe))
            #expect(view.isASCII == bytes.allSatisfy { $0 < 0x80 })
            #expect(view.isPrintableASCII() == bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
          }
        }
      }
    }
  }

  @Test("the cursor copies up to the first marked byte, from any room, and escapes JSON")
  func cursor() {
    for length in 0...40 {
      for position in 0...length {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        if position < length { bytes[position] = UInt8(ascii: "\"") }
        for room in [1, 7, 64] {
          let buffer = ByteBuffer(capacity: room)
          let copied = bytes.withBytes { view in
            buffer.writing { c -> Int in
              c.reserve(view.count)
              return c.put(view, upTo: ByteClass.needingJSONEscape)
            }
          }
          #expect(copied == position && Array(buffer.bytes) == Array(bytes[..<position]))
          bytes.withBytes { view in
            buffer.writing { c in
              c.reserve(ByteCursor.jsonStringRoom(view.count))
              c.putJSONString(view)
            }
          }
          let escaped = String(decoding: bytes, as: UTF8.self).replacing("\"", with: "\\\"")
          #expect(buffer.bytes.string == String(decoding: bytes[..<position], as: UTF8.self) + "\"\(escaped)\"")
        }
      }
    }
  }

  @Test("the cursor copies texts of every length up to past its word-copy ranges, and literals")
  func copies() {
    for length in 0...40 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 &+ $0) }
      let buffer = ByteBuffer(capacity: 1)
      bytes.withBytes { view in
        buffer.writing { c in
          c.reserve(2 * view.count + 2)
          c.put(UInt8(ascii: "<"))
          c.put(view)
          c.put(UInt8(ascii: ">"))
          c.putWritten(1..<(1 + length))
        }
      }
      #expect(Array(buffer.bytes) == [UInt8(ascii: "<")] + bytes + [UInt8(ascii: ">")] + bytes, "\(length)")
    }
  }

  @Test(
    "percent-decoding keeps a bad escape and a plus as they are",
    arguments: [
      ("a%40b", "a@b"), ("%", "%"), ("%4", "%4"), ("%zz%41", "%zzA"), ("a+b", "a+b"), ("%e9", "\u{FFFD}"),
      ("100%25", "100%"),
    ])
  func percent(_ text: String, _ decoded: String) {
    var text = text
    text.withBytes { bytes in
      #expect(PercentDecoding.string(bytes) == decoded)
      #expect(String(decoding: PercentDecoding.bytes(bytes), as: UTF8.self) == decoded)
      var each = PercentDecodedBytes(bytes, 0..<bytes.count)
      var all: [UInt8] = []
      while let c = each.next() { all.append(c) }
      #expect(all == PercentDecoding.bytes(bytes))
    }
  }

  @Test("an inline list spills to its array past its room, and a block table makes each block once")
  func listAndBlocks() {
    InlineList<Int>.withRoom(capacity: 3) { room in
      var list = InlineList<Int>(room: room)
      for n in 0..<10 { list.append(n) }
      list.replace(at: 1, with: 11)
      list.replace(at: 8, with: 18)
      #expect(Array(list) == [0, 11, 2, 3, 4, 5, 6, 7, 18, 9])
      #expect(list.firstPosition { $0 > 10 } == 1)
    }
    var made = 0
    let table = BlockTable(rows: 2, columns: 3) { row, column in
      made += 1
      return Array("\(row)-\(column)".utf8)
    }
    #expect(table.block(1, 2).string == "1-2" && table.block(1, 2).string == "1-2" && made == 1)
  }

  @Test("literal and case-blind comparisons, and moving bytes within an array")
  func comparisons() {
    var text = "Status=OK&amp;"
    text.withBytes { bytes in
      #expect(bytes.hasBytes("&amp;", at: 9) && !bytes.hasBytes("&amp;", at: 10) && !bytes.hasBytes("amp;x", at: 10))
      #expect(bytes.hasPrefixIgnoringCase("status=") && !bytes.hasPrefixIgnoringCase("statuses"))
      #expect(bytes.view(0..<6).equalsIgnoringCase("STATUS") && bytes.asciiLowercased == "status=ok&amp;")
      #expect(bytes.view(0..<9).lacks(UInt8(ascii: "&")) && !bytes.lacks(UInt8(ascii: ";")))
    }
    var bytes = Array("abcdef".utf8)
    bytes.moveBytes(2..<6, to: 0)
    #expect(bytes == Array("cdefef".utf8))
    bytes.copyBytes(of: Array("xy".utf8), 0..<2, to: 4)
    #expect(bytes == Array("cdefxy".utf8))
  }
}
