/// A list of a query's texts whose first elements live in room lent by its owner (the stack
/// of `ReturnQuery.withReturnURL(_:_:)` and `withQuery(_:_:)`), and only the rest in an
/// array: a usual return URL is then read without a heap allocation (the two arrays a
/// query made, and the reference counting of the query's copies, were measured at 7% of
/// `explain-status --json -`'s instructions).
///
/// The elements are `BitwiseCopyable`, so the room needs no deinitializing when its owner
/// takes it back; like the texts in it, the list is only valid inside that owner's closure.
@_spi(Scanning) public struct QueryList<Element: BitwiseCopyable>: RandomAccessCollection {
  @usableFromInline let room: UnsafeMutableBufferPointer<Element>
  /// How many elements are in `room`; the rest, once it is full, are in `overflow`.
  @usableFromInline private(set) var roomCount = 0
  @usableFromInline private(set) var overflow: [Element] = []

  init(room: UnsafeMutableBufferPointer<Element>) {
    self.room = room
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { roomCount + overflow.count }

  @inlinable public subscript(position: Int) -> Element {
    position < roomCount ? room[position] : overflow[position - roomCount]
  }

  /// The position of the first element `predicate` accepts; the elements in `room` read
  /// straight from it, without the subscript's choice between room and array for each.
  @inline(__always) func firstPosition(where predicate: (Element) -> Bool) -> Int? {
    for position in 0..<roomCount where predicate(room[position]) { return position }
    guard let found = overflow.firstIndex(where: predicate) else { return nil }
    return roomCount + found
  }

  @inline(__always) mutating func append(_ element: Element) {
    if roomCount < room.count {
      room.initializeElement(at: roomCount, to: element)
      roomCount += 1
    } else {
      overflow.append(element)
    }
  }

  /// Puts `element` in place of the one at `position`.
  mutating func replace(at position: Int, with element: Element) {
    if position < roomCount { room[position] = element } else { overflow[position - roomCount] = element }
  }
}
