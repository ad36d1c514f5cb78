import StressKitCore

/// What one thread of a trial did, reported once at its end.
@usableFromInline
struct Tally: Sendable {
  @usableFromInline var reads = 0
  @usableFromInline var writes = 0
  @usableFromInline var violations = Violations()
  /// Writes per subject instance, when a trial has several (see `Tuning.instances`).
  @usableFromInline var writesByInstance: [Int] = []
  /// Nanoseconds from the gate's release to this thread's first violation.
  @usableFromInline var firstFailureNanos: UInt64?

  @usableFromInline init() {}
}
