import Dispatch
import StressPlatform

/// A dispatch group the controlled scheduler sees, with `DispatchGroup`'s shape (`enter`,
/// `leave`, `wait`, `wait(timeout:)`, `notify(queue:execute:)`), and what
/// `ScheduledQueue.async(group:)` takes. Under the scheduler, each call is a point; a wait
/// gives way until the group's work has ended (a timed one may also time out, where the
/// scheduler chooses, on virtual time), and a notification's block is submitted when it has.
/// Every leave happens before the wait that returns and the notification's block. Anywhere
/// else it is a `DispatchGroup`, behind one load of a process-wide count.
public final class ScheduledGroup: @unchecked Sendable {
  @usableFromInline let base = DispatchGroup()
  private let name: String?

  /// A group with no work in it, shown in traces as "group 1"... or as `name`.
  public init(name: String? = nil) { self.name = name }

  /// Counts one more piece of work in the group.
  @inlinable
  public func enter() {
    guard Platform.controlledSchedulersAlive else { return base.enter() }
    controlled(enter: true)
  }

  /// Counts one piece of work as done. Leaving more often than entering traps, as GCD does.
  @inlinable
  public func leave() {
    guard Platform.controlledSchedulersAlive else { return base.leave() }
    controlled(enter: false)
  }

  /// Waits until the group's work has ended.
  @inlinable
  public func wait() {
    guard Platform.controlledSchedulersAlive else { return base.wait() }
    _ = controlledWait(timed: false) {
      base.wait()
      return true
    }
  }

  /// Waits until the group's work has ended, until `timeout` at the latest.
  @inlinable
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
    guard Platform.controlledSchedulersAlive else { return base.wait(timeout: timeout) }
    return controlledWait(timed: true) { base.wait(timeout: timeout) == .success }
      ? .success : .timedOut
  }

  /// Submits `work` to `queue` once the group's work has ended.
  @inlinable
  public func notify(
    queue: ScheduledQueue, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    guard Platform.controlledSchedulersAlive else {
      return base.notify(queue: queue.base, execute: queue.counted(work))
    }
    controlledNotify(queue, work)
  }

  // MARK: - While a scheduler is alive

  private func state(_ scheduler: ControlledScheduler) -> (ControlledGroup, Int) {
    scheduler.state(self, "group", name, as: ControlledGroup.self)
  }

  @usableFromInline
  func controlled(enter: Bool) {
    guard let seat = ControlledScheduler.seat(using: self) else {
      return enter ? base.enter() : base.leave()
    }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    if enter {
      let (state, number) = state(scheduler)
      state.enter()
      scheduler.record(me, number, .call("enter"))
    } else {
      controlledLeave(scheduler, me)
    }
  }

  /// `me` leaves (no point: its caller made one, or its block ended).
  func controlledLeave(_ scheduler: ControlledScheduler, _ me: Int) {
    let (state, number) = state(scheduler)
    scheduler.record(me, number, .call("leave"))
    precondition(
      state.leave(me, on: scheduler), "ScheduledGroup.leave() without a matching enter()")
  }

  /// An `async(group:)` enters it (no point: the submit made one).
  func controlledEnter(_ scheduler: ControlledScheduler) {
    state(scheduler).0.enter()
  }

  @usableFromInline
  func controlledWait(timed: Bool, plain: () -> Bool) -> Bool {
    guard let seat = ControlledScheduler.seat(using: self) else { return plain() }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = state(scheduler)
    let ended = state.wait(me, timed: timed, on: scheduler)
    scheduler.record(
      me, number, .call(ended ? "wait" : "timed out", label: timed ? "timeout:" : nil))
    return ended
  }

  @usableFromInline
  func controlledNotify(_ queue: ScheduledQueue, _ work: @escaping @Sendable () -> Void) {
    guard let seat = ControlledScheduler.seat(using: self) else {
      return base.notify(queue: queue.base, execute: queue.counted(work))
    }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = state(scheduler)
    scheduler.record(me, number, .call("notify"))
    state.notify(me, queue, work, on: scheduler)
  }
}
