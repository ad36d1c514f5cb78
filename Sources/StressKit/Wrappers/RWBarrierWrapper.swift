import Dispatch

/// The classic reader-writer pattern on a concurrent `DispatchQueue`: reads with `sync`, writes
/// with `async(flags: .barrier)`. Pending writes are drained before the end-state check, and the
/// drain counts in the trial's time, so throughput is not flattered by work left queued.
public final class RWBarrierWrapper: Wrapper {
  public static let info = WrapperInfo(
    id: "rw-barrier",
    summary: "concurrent DispatchQueue: sync reads, async barrier writes")

  @usableFromInline let queue = DispatchQueue(label: "stress.rw-barrier", attributes: .concurrent)

  public init() {}

  @inlinable
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    queue.sync { subject.read(step) }
  }

  @inlinable
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    queue.async(flags: .barrier) { subject.write(step) }
  }

  public func drain() {
    queue.sync(flags: .barrier) {}
  }
}
