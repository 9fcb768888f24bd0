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
  private let make: (StatusExplanation, InputWarnings) -> [UInt8]
  /// Each block's bytes, at `index(_:_:)`; no base address while not made yet.
  private let table: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>

  private static var warningSets: Int { 1 << InputWarnings.RawValue.bitWidth }
  private static var count: Int { StatusExplanation.allCases.count * warningSets }

  init(_ make: @escaping (StatusExplanation, InputWarnings) -> [UInt8]) {
    self.make = make
    table = .allocate(capacity: Self.count)
    table.initialize(repeating: UnsafeBufferPointer(start: nil, count: 0), count: Self.count)
  }

  deinit {
    for index in 0..<Self.count { table[index].baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() } }
    table.deallocate()
  }

  @inline(__always) func block(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> UnsafeBufferPointer<
    UInt8
  > {
    let block = table[explanation.rawValue &* Self.warningSets &+ Int(warnings.rawValue)]
    return block.baseAddress == nil ? made(explanation, warnings) : block
  }

  @inline(never) private func made(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> UnsafeBufferPointer<
    UInt8
  > {
    let bytes = make(explanation, warnings)
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = block.initialize(from: bytes)
    table[explanation.rawValue * Self.warningSets + Int(warnings.rawValue)] = UnsafeBufferPointer(
      rebasing: block[..<bytes.count])
    return UnsafeBufferPointer(rebasing: block[..<bytes.count])
  }
}
