import Dispatch

/// The classic reader-writer pattern on a concurrent `DispatchQueue`: reads with `sync`, writes
/// with `async(flags: .barrier)`. Pending writes are drained before the end-state check, and the
/// drain counts in the trial's time, so throughput is not flattered by work left queued.
public final class RWBarrierWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  public static let info = WrapperInfo(
    id: "rw-barrier",
    summary: "concurrent DispatchQueue: sync reads, async barrier writes", sharesReads: true)

  @usableFromInline let queue = DispatchQueue(label: "stress.rw-barrier", attributes: .concurrent)

  /// A fresh wrapper, one per trial.
  public init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    queue.sync { subject.read(step) }
  }

  /// Runs the subject's write inside this protection.
  @inlinable
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    queue.async(flags: .barrier) { subject.write(step) }
  }

  /// Waits for the writes this wrapper deferred.
  public func drain() {
    queue.sync(flags: .barrier) {}
  }
}
