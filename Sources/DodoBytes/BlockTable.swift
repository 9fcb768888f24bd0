/// A table of byte blocks, each made the first time it is asked for and kept: constant
/// pieces of output copied whole after. Held in raw memory, so that a look-up is a load
/// with no reference counting.
public final class BlockTable {
  private let make: (Int, Int) -> [UInt8]
  @usableFromInline let rows: Int
  @usableFromInline let columns: Int
  /// A row of blocks per row index, allocated when first needed (no base address while a
  /// block is not made).
  @usableFromInline let table: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>?>

  /// A table of `rows` × `columns` blocks, block (row, column) made by `make`.
  public init(rows: Int, columns: Int, make: @escaping (Int, Int) -> [UInt8]) {
    self.make = make
    self.rows = rows
    self.columns = columns
    table = .allocate(capacity: rows)
    table.initialize(repeating: nil, count: rows)
  }

  deinit {
    for case let row? in UnsafeBufferPointer(start: table, count: rows) {
      for index in 0..<columns {
        row[index].baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() }
      }
      row.deallocate()
    }
    table.deallocate()
  }

  /// The block at `row` and `column`; valid as long as the table.
  @inlinable @inline(__always) public func block(_ row: Int, _ column: Int) -> ByteView {
    precondition(row >= 0 && row < rows && column >= 0 && column < columns, "block out of range")
    if let made = table[row], made[column].baseAddress != nil { return ByteView(made[column]) }
    return ByteView(made(row, column))
  }

  @inline(never) @usableFromInline func made(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
    let blocks = table[row] ?? .allocate(capacity: columns)
    if table[row] == nil {
      blocks.initialize(repeating: UnsafeBufferPointer(start: nil, count: 0), count: columns)
      table[row] = blocks
    }
    let bytes = make(row, column)
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = block.initialize(from: bytes)
    blocks[column] = UnsafeBufferPointer(rebasing: block[..<bytes.count])
    return blocks[column]
  }
}
