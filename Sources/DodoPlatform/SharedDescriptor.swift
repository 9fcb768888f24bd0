/// A `FileDescriptor` held by reference, for where a collection holds descriptors (an array
/// of listeners): `Array` and `Dictionary` take copyable elements only. It is closed once,
/// when the last reference goes.
package final class SharedDescriptor: Sendable {
  package let descriptor: FileDescriptor

  package init(_ descriptor: consuming FileDescriptor) { self.descriptor = descriptor }
}
