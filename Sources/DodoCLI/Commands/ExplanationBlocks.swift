import DodoBytes
import DodoCheckout

/// The constant part of each explained result, one block per explanation and set of
/// warnings, made the first time one is needed and copied whole after: in JSON the keys
/// after `rawStatus` (`,"meaning":…,"nextStep":…` and any `"warnings"`, to the line's end), in
/// text the `Warning:`, `Meaning:` and `Next step:` lines, laid out. A million results copy a
/// few dozen blocks; one result makes only its own.
final class ExplanationBlocks {
  private let table: BlockTable

  init(_ make: @escaping (StatusExplanation, InputWarnings) -> [UInt8]) {
    table = BlockTable(rows: StatusExplanation.allCases.count, columns: 1 << InputWarnings.RawValue.bitWidth) {
      row, column in
      // The table's rows are the explanations' raw values, so each row has its explanation.
      let explanation = StatusExplanation(rawValue: row) ?? .unrecognized
      return make(explanation, InputWarnings(rawValue: InputWarnings.RawValue(column)))
    }
  }

  @inline(__always) func block(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> ByteView {
    table.block(explanation.rawValue, Int(warnings.rawValue))
  }
}
