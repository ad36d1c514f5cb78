import Dispatch
import StressPlatform

/// A dispatch queue the controlled scheduler sees, with `DispatchQueue`'s shape: serial or
/// concurrent (`attributes: .concurrent`), `sync` and `async`, each with or without
/// `flags: .barrier`, `async(group:)` and `asyncAfter`. Anywhere else it is a `DispatchQueue`,
/// behind one load of a process-wide count, so a typealias swaps the two.
///
/// Under the scheduler, submitting is a point; a `sync` block runs on its caller's thread when
/// the queue lets it start, and an `async` block is a thread of the schedule of its own,
/// named in the trace by the operation that submitted it, which the scheduler runs once the
/// queue lets it (a serial queue one block at a time, a concurrent one all but its barriers
/// side by side). `asyncAfter` submits its block when its timer fires, at a point the
/// scheduler chooses after the call, on virtual time, never before a timer already submitted
/// that is due earlier.
/// An operation that submitted blocks is answered, to the checker, when the last one finished.
public final class ScheduledQueue: @unchecked Sendable {
  @usableFromInline let base: DispatchQueue
  @usableFromInline let concurrent: Bool
  /// The queue's label, which traces show.
  public let label: String

  /// A queue called `label`: serial, or concurrent with `.concurrent` in `attributes`.
  public init(label: String, attributes: DispatchQueue.Attributes = []) {
    self.label = label
    concurrent = attributes.contains(.concurrent)
    base = DispatchQueue(label: label, attributes: attributes)
    BlockSettlement.queueMade()
  }

  /// Runs `work` on this queue, waiting for it, and answers what it answers: alone on a serial
  /// queue or with `.barrier` in `flags`, beside other blocks on a concurrent one.
  @inlinable
  public func sync<T>(flags: DispatchWorkItemFlags = [], execute work: () throws -> T) rethrows
    -> T
  {
    guard Platform.controlledSchedulersAlive, let seat = seatHere() else {
      return try flags.isEmpty ? base.sync(execute: work) : base.sync(flags: flags, execute: work)
    }
    controlledEnter(seat, barrier: flags.contains(.barrier))
    defer { controlledLeave(seat) }
    return try work()
  }

  /// Runs `work` on this queue, waiting for it: `DispatchQueue`'s own overload for a block that
  /// answers nothing, which GCD runs without the generic path's box.
  @inlinable
  public func sync(execute work: () -> Void) {
    guard Platform.controlledSchedulersAlive, let seat = seatHere() else {
      return base.sync(execute: work)
    }
    controlledEnter(seat, barrier: false)
    defer { controlledLeave(seat) }
    work()
  }

  /// Submits `work` to run on this queue later, and returns at once; in `group` until it ends.
  @inlinable
  public func async(
    group: ScheduledGroup? = nil, qos: DispatchQoS = .unspecified,
    flags: DispatchWorkItemFlags = [],
    execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    guard Platform.controlledSchedulersAlive else {
      return base.async(
        group: group?.base, qos: qos, flags: flags, execute: counted(work))
    }
    controlledAsync(group: group, qos: qos, flags: flags, after: nil, work)
  }

  /// Submits `work` to this queue at `deadline` (under the scheduler, when its timer fires).
  public func asyncAfter(
    deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    guard Platform.controlledSchedulersAlive else {
      return plainAfter(deadline: deadline, qos: qos, flags: flags, work)
    }
    controlledAsync(group: nil, qos: qos, flags: flags, after: deadline, work)
  }
}
