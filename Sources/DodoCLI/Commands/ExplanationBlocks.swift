import DodoCheckout

/// The constant part of each explained result, one block per explanation and set of
/// warnings, made the first time one is needed and copied whole after: in JSON the keys
/// after `rawStatus` (`,"meaning":…,"nextStep":…` and any `"warnings"`, to the line's end), in
/// text the `Warning:`, `Meaning:` and `Next step:` lines, laid out. A million results copy a
/// few dozen blocks, each made once; one result makes only its own (laying out every one up
/// front cost a single `explain-status URL` 0.7 ms, half its run).
///
/// Held in raw memory rather than arrays, so that a look-up is a load with no reference counting.
final class ExplanationBlocks {
  typealias Block = UnsafeBufferPointer<UInt8>
  private let make: (StatusExplanation, InputWarnings) -> [UInt8]
  /// A row per explanation, of a block per set of warnings (no base address while not made):
  /// each row is made when first needed, as a single `explain-status URL` needs one of the 13.
  private let rows: UnsafeMutablePointer<UnsafeMutablePointer<Block>?>
  private static var explanations: Int { StatusExplanation.allCases.count }
  private static var warningSets: Int { 1 << InputWarnings.RawValue.bitWidth }

  init(_ make: @escaping (StatusExplanation, InputWarnings) -> [UInt8]) {
    self.make = make
    rows = .allocate(capacity: Self.explanations)
    rows.initialize(repeating: nil, count: Self.explanations)
  }

  deinit {
    for case let row? in UnsafeBufferPointer(start: rows, count: Self.explanations) {
      for index in 0..<Self.warningSets {
        row[index].baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() }
      }
      row.deallocate()
    }
    rows.deallocate()
  }

  @inline(__always) func block(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> Block {
    if let row = rows[explanation.rawValue], row[Int(warnings.rawValue)].baseAddress != nil {
      return row[Int(warnings.rawValue)]
    }
    return made(explanation, warnings)
  }

  @inline(never) private func made(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> Block {
    let row = rows[explanation.rawValue] ?? .allocate(capacity: Self.warningSets)
    if rows[explanation.rawValue] == nil {
      row.initialize(repeating: Block(start: nil, count: 0), count: Self.warningSets)
      rows[explanation.rawValue] = row
    }
    let bytes = make(explanation, warnings)
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = block.initialize(from: bytes)
    row[Int(warnings.rawValue)] = Block(rebasing: block[..<bytes.count])
    return row[Int(warnings.rawValue)]
  }
}
