import Dispatch

/// The classic reader-writer pattern on a concurrent `DispatchQueue`: reads with `sync`, writes
/// with `async(flags: .barrier)`. Pending writes are drained before the end-state check, and the
/// drain counts in the trial's time, so throughput is not flattered by work left queued.
@usableFromInline
package final class RWBarrierWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "rw-barrier",
    summary: "concurrent DispatchQueue: sync reads, async barrier writes", sharesReads: true)

  @usableFromInline let queue = DispatchQueue(label: "stress.rw-barrier", attributes: .concurrent)

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    queue.sync { subject.read(step) }
  }

  /// Runs the subject's write inside this protection.
  @inlinable
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    queue.async(flags: .barrier) { subject.write(step) }
  }

  /// Waits for the writes this wrapper deferred.
  @usableFromInline package func drain() {
    queue.sync(flags: .barrier) {}
  }
}
