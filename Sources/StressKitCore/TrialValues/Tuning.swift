/// Ways to make races show sooner, each measurable on and off. Only the detection burst is on
/// in a run unless told otherwise (`standard`).
@usableFromInline
package struct Tuning: Sendable, Codable, Equatable {
  /// Threads meet at a checkpoint every `stride` operations (jcstress's strides), so they stay
  /// in step and collide often. 0: off.
  @usableFromInline
  package var stride: Int
  /// Probability of a `sched_yield()` after an operation, drawn from the seeded stream. 0: off.
  @usableFromInline
  package var yieldProbability: Double
  /// Pin thread k to the k-th allowed CPU (mod their count) where the platform allows (Linux).
  /// On by default: it keeps two threads on two cores together, which is what exposes races
  /// (swift-array at 2 threads: 10-20 of 20 trials unpinned, 19-20 pinned, here).
  @usableFromInline
  package var pin: Bool
  /// Fresh subject instances per trial (jcstress's many small states): the operation budget is
  /// split into this many epochs, all threads on instance k during epoch k, meeting at a
  /// checkpoint between epochs, so fresh-state races (first insert, lazy init) happen many
  /// times per trial. 1: one instance.
  @usableFromInline
  package var instances: Int
  /// Fresh instances in the detection burst each trial of two or more threads starts with: a
  /// short untimed run of `burstOps` operations per thread on each, all threads meeting at a
  /// checkpoint between instances, so that threads collide on fresh state again and again
  /// even when the trial is short or a core is busy. Its failures count; its operations are
  /// not in the trial's throughput. 0: off.
  @usableFromInline
  package var burst: Int

  /// Operations per thread on each instance of the burst.
  @usableFromInline
  package static let burstOps = 16

  /// The longest a burst may run: where collisions are slow (a queue's threads parking, more
  /// threads than cores meeting at checkpoints) it stops early rather than cost the run.
  @usableFromInline
  package static let burstSeconds = 0.005

  @usableFromInline
  package init(
    stride: Int = 0, yieldProbability: Double = 0, pin: Bool = true, instances: Int = 1,
    burst: Int = 0
  ) {
    self.burst = burst
    self.instances = instances
    self.stride = stride
    self.yieldProbability = yieldProbability
    self.pin = pin
  }

  /// Nothing added: no strides, yields, pinning, extra instances or burst.
  @usableFromInline
  package static let none = Tuning(pin: false)

  /// What a run uses unless told otherwise: pinned threads and a burst of 128 instances
  /// (BENCHMARKS.md has what each buys).
  @usableFromInline
  package static let standard = Tuning(burst: 128)
}
