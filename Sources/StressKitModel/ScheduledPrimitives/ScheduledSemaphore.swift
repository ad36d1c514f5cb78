import Dispatch
import StressPlatform

/// A counting semaphore the controlled scheduler sees, with `DispatchSemaphore`'s shape
/// (`wait`, `wait(timeout:)`, `signal`). Under the scheduler a wait is a point, a thread with
/// nothing to take gives way until a signal, and a timed wait may also time out, where the
/// scheduler chooses (virtual time: no real waiting). Anywhere else it is a
/// `DispatchSemaphore`, behind one load of a process-wide count.
public final class ScheduledSemaphore: @unchecked Sendable {
  @usableFromInline let base: DispatchSemaphore
  private let value: Int
  private let name: String?

  /// A semaphore holding `value`, shown in traces as "semaphore 1"... or as `name`.
  public init(value: Int, name: String? = nil) {
    base = DispatchSemaphore(value: value)
    self.value = value
    self.name = name
  }

  /// Takes one, waiting until there is one.
  @inlinable
  public func wait() {
    guard Platform.controlledSchedulersAlive else { return base.wait() }
    _ = controlledWait(timed: false) {
      base.wait()
      return true
    }
  }

  /// Takes one, waiting until `timeout` at the latest: whether it took one in time.
  @inlinable
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
    guard Platform.controlledSchedulersAlive else { return base.wait(timeout: timeout) }
    return controlledWait(timed: true) { base.wait(timeout: timeout) == .success }
      ? .success : .timedOut
  }

  /// Adds one, waking a waiting thread if there is one: nonzero if it woke one.
  @inlinable @discardableResult
  public func signal() -> Int {
    guard Platform.controlledSchedulersAlive else { return base.signal() }
    return controlledSignal()
  }

  /// On one of the scheduler's threads, a point and a wait on the semaphore's state; on any
  /// other, `plain`.
  @usableFromInline
  func controlledWait(timed: Bool, plain: () -> Bool) -> Bool {
    guard let seat = ControlledScheduler.seat(using: self) else { return plain() }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let state = self.state(scheduler)
    let took = state.semaphore.wait(me, timed: timed, on: scheduler)
    scheduler.record(
      me, state.number,
      .call(took ? "wait" : "timed out", label: timed ? "timeout:" : nil))
    return took
  }

  @usableFromInline
  func controlledSignal() -> Int {
    guard let seat = ControlledScheduler.seat(using: self) else { return base.signal() }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let state = self.state(scheduler)
    let woke = state.semaphore.signal(me, on: scheduler)
    scheduler.record(me, state.number, .call("signal"))
    return woke ? 1 : 0
  }

  /// Its state in this schedule, counting from its value at first use.
  private func state(_ scheduler: ControlledScheduler) -> (
    semaphore: ControlledSemaphore, number: Int
  ) {
    let (state, number) = scheduler.state(
      self, "semaphore", name, as: ControlledSemaphore.self)
    if state.count == nil { state.count = value }
    return (state, number)
  }
}
