/// A small, fast, seedable generator (SplitMix64): each thread draws its operations from one.
@usableFromInline
package struct SplitMix64: RandomNumberGenerator, Sendable {
  @usableFromInline var state: UInt64

  @usableFromInline
  package init(seed: UInt64) {
    state = seed
  }

  /// The generator of thread `thread` in a trial seeded with `seed`.
  @usableFromInline
  package init(seed: UInt64, stream: Int) {
    var mixer = SplitMix64(
      seed: seed ^ (UInt64(truncatingIfNeeded: stream) &* 0xD1B5_4A32_D192_ED03))
    state = mixer.next()
  }

  @inlinable
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
