/// The same numbers on every run (a linear congruential generator, Knuth's MMIX constants):
/// the random texts of the model tests, so that a failure comes back with the same text.
struct SeededNumbers {
  private var seed: UInt64

  init(seed: UInt64) { self.seed = seed }

  /// A number from 0 to `bound - 1`.
  mutating func next(_ bound: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((seed >> 33) % UInt64(bound))
  }

  /// A byte, from the generator's top bits.
  mutating func nextByte() -> UInt8 {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: seed >> 56)
  }
}
