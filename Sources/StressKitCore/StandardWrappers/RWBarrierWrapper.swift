import Dispatch

/// The classic reader-writer pattern on a concurrent `DispatchQueue`: reads with `sync`, writes
/// with `async(flags: .barrier)`. Pending writes are drained before the end-state check, and the
/// drain counts in the trial's time, so throughput is not flattered by work left queued.
///
/// Each thread waits for the queue to catch up after every `writesPerWait` writes of its own
/// (`Step.seq`). Never waiting, a tight loop queued writes many times faster than the barrier ran
/// them, and a 0.03 s trial spent seconds draining (`nslog` 2 to 4 s, `timer-runloop` up to
/// 11 s): the run paid for work no trial asked for. A wait every few hundred writes keeps the
/// queue busy and costs one wake-up per wait; a semaphore slot per write cost the queue a
/// wake-up per write, and up to half its throughput.
@usableFromInline
package final class RWBarrierWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "rw-barrier",
    summary: "concurrent DispatchQueue: sync reads, async barrier writes, waited for every "
      + "\(writesPerWait)",
    sharesReads: true)

  /// How many writes a thread queues between its waits for the queue. Computed, so that the
  /// per-write test folds to a constant instead of a global's lazy-initialization check.
  @inlinable package static var writesPerWait: Int { 256 }

  @usableFromInline let queue = DispatchQueue(label: "stress.rw-barrier", attributes: .concurrent)

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    queue.sync { subject.read(step) }
  }

  /// Runs the subject's write inside this protection, later; every `writesPerWait`-th write of
  /// a thread waits until the queue has run it.
  @inlinable
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    queue.async(flags: .barrier) { subject.write(step) }
    if step.seq % Self.writesPerWait == Self.writesPerWait - 1 { drain() }
  }

  /// Waits for the writes this wrapper deferred.
  @usableFromInline package func drain() {
    queue.sync(flags: .barrier) {}
  }
}
