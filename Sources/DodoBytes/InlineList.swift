/// A list whose first elements live in room lent by its owner (on the stack, by
/// `withRoom(_:capacity:_:)`), and only the rest in an array: a list of a few elements makes
/// no heap allocation. Like the room, the list is only valid inside the closure that lent it.
public struct InlineList<Element: BitwiseCopyable>: RandomAccessCollection {
  /// Room for a list's first elements.
  public struct Room {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

    @inlinable init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    /// No room: every element goes to the array (a list that outlives any closure).
    @inlinable public static var none: Room { Room(UnsafeMutableBufferPointer(start: nil, count: 0)) }
  }

  @usableFromInline let room: UnsafeMutableBufferPointer<Element>
  /// How many elements are in `room`; the rest, once it is full, are in `overflow`.
  @usableFromInline private(set) var roomCount = 0
  @usableFromInline private(set) var overflow: [Element] = []

  @inlinable public init(room: Room) { self.room = room.buffer }

  /// Calls `body` with room for `capacity` elements on the stack.
  @inlinable @inline(__always)
  public static func withRoom<R>(capacity: Int, _ body: (Room) throws -> R) rethrows -> R {
    try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { try body(Room($0)) }
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { roomCount + overflow.count }

  @inlinable public subscript(position: Int) -> Element {
    precondition(position >= 0, "index out of range")
    return position < roomCount ? room[position] : overflow[position - roomCount]
  }

  /// The position of the first element `predicate` accepts.
  @inlinable @inline(__always) public func firstPosition(where predicate: (Element) -> Bool) -> Int? {
    for position in 0..<roomCount where predicate(room[position]) { return position }
    guard let found = overflow.firstIndex(where: predicate) else { return nil }
    return roomCount + found
  }

  @inlinable @inline(__always) public mutating func append(_ element: Element) {
    if roomCount < room.count {
      room.initializeElement(at: roomCount, to: element)
      roomCount += 1
    } else {
      overflow.append(element)
    }
  }

  /// Puts `element` in place of the one at `position`.
  @inlinable public mutating func replace(at position: Int, with element: Element) {
    precondition(position >= 0 && position < endIndex, "index out of range")
    if position < roomCount { room[position] = element } else { overflow[position - roomCount] = element }
  }
}
