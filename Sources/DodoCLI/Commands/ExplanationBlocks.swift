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
  /// Each block, at its explanation's row and its warnings' column; no base address while not made.
  private let table: UnsafeMutablePointer<Block>
  private static var count: Int { StatusExplanation.allCases.count << InputWarnings.RawValue.bitWidth }

  init(_ make: @escaping (StatusExplanation, InputWarnings) -> [UInt8]) {
    self.make = make
    table = .allocate(capacity: Self.count)
    table.initialize(repeating: Block(start: nil, count: 0), count: Self.count)
  }

  deinit {
    for index in 0..<Self.count { table[index].baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() } }
    table.deallocate()
  }

  @inline(__always) func block(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> Block {
    let index = explanation.rawValue &<< InputWarnings.RawValue.bitWidth | Int(warnings.rawValue)
    if table[index].baseAddress == nil { made(explanation, warnings, at: index) }
    return table[index]
  }

  @inline(never) private func made(_ explanation: StatusExplanation, _ warnings: InputWarnings, at index: Int) {
    let bytes = make(explanation, warnings)
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = block.initialize(from: bytes)
    table[index] = Block(rebasing: block[..<bytes.count])
  }
}
