import StressKitCore

/// Each thread's stream of random draws: a Weyl sequence through one multiply and two
/// xor-shifts. Half of SplitMix64's work per draw, still well mixed in high and low bits; the
/// per-operation loop's draw is most of what the harness adds to an operation.
@usableFromInline
struct OperationStream: Sendable {
  @usableFromInline var state: UInt64

  /// The stream of thread `thread` in a trial seeded with `seed`.
  @usableFromInline
  init(seed: UInt64, thread: Int) {
    var mixer = SplitMix64(seed: seed, stream: thread)
    state = mixer.next()
  }

  @inlinable
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    let z = (state ^ (state >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return z ^ (z >> 32)
  }
}
