import Foundation

/// A condition the controlled scheduler sees, with `NSCondition`'s shape (its own lock,
/// `wait`, `signal`, `broadcast`), so a typealias swaps the two. Under the scheduler a waiting
/// thread gives way until signaled (a timed wait may also time out, where the scheduler
/// chooses), and a signal wakes the longest waiter. Anywhere else it is an `NSCondition`.
public final class ScheduledCondition: @unchecked Sendable {
  private let base = NSCondition()
  private let name: String?

  /// A condition shown in traces as "condition 1"... or as `name`.
  public init(name: String? = nil) { self.name = name }

  @inline(__always)
  private var seat: ControlledScheduler.Seat? {
    ControlledScheduler.anyLive ? ControlledScheduler.seat(using: self) : nil
  }

  /// Takes the condition's lock.
  public func lock() {
    if let seat { return seat.lock(self, "condition", name, as: State.self) }
    base.lock()
  }

  /// Releases the condition's lock.
  public func unlock() {
    if let seat { return seat.unlock(self, "condition", name, as: State.self) }
    base.unlock()
  }

  /// Releases the lock, waits for a signal, and takes the lock again.
  public func wait() {
    if let seat {
      _ = controlledWait(seat, timed: false)
      return
    }
    base.wait()
  }

  /// `wait()` until `limit` at the latest: whether a signal came first.
  public func wait(until limit: Date) -> Bool {
    if let seat { return controlledWait(seat, timed: true) }
    return base.wait(until: limit)
  }

  /// Wakes one waiting thread.
  public func signal() {
    if let seat { return controlledSignal(seat, all: false) }
    base.signal()
  }

  /// Wakes every waiting thread.
  public func broadcast() {
    if let seat { return controlledSignal(seat, all: true) }
    base.broadcast()
  }
}

// MARK: - Under the controlled scheduler

extension ScheduledCondition {
  /// A condition's state in a schedule: its lock, and the threads waiting for a signal, the
  /// longest first.
  final class State: ControlledLockable {
    let mutex = ControlledMutex()
    var waiters: [Int] = []
    /// What signalers had seen: a woken waiter acquires it.
    var clock: [Int] = []

    init() {}

    func holds(_ thread: Int) -> Bool { mutex.holds(thread) }

    func waiting(_ thread: Int) -> ControlledWait? {
      waiters.contains(thread) ? ControlledWait(until: "a signal") : mutex.waiting(thread)
    }
  }

  /// Waits, its lock held: releases it, waits for a signal (or, `timed`, for the time to be
  /// up, as the chooser decides), then takes it again. Whether a signal woke it.
  private func controlledWait(_ seat: ControlledScheduler.Seat, timed: Bool) -> Bool {
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = scheduler.state(self, "condition", name, as: State.self)
    scheduler.record(me, number, .call("wait", label: timed ? "until:" : nil))
    guard state.mutex.owner == me else {
      scheduler.misuse(me, number, "waits on it without holding its lock")
    }
    state.mutex.release(on: scheduler)
    state.waiters.append(me)
    scheduler.block(me, timed: timed)
    let signaled = !state.waiters.contains(me)
    state.waiters.removeAll { $0 == me }
    if signaled { scheduler.causality.acquire(me, state.clock) }
    state.mutex.acquire(me, on: scheduler)
    scheduler.record(me, number, .call(signaled ? "woken: lock" : "timed out: lock"))
    return signaled
  }

  /// Wakes the longest waiter, or every one.
  private func controlledSignal(_ seat: ControlledScheduler.Seat, all: Bool) {
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = scheduler.state(self, "condition", name, as: State.self)
    let woken = all ? state.waiters : Array(state.waiters.prefix(1))
    state.waiters.removeFirst(woken.count)
    for thread in woken { scheduler.wake(thread) }
    scheduler.causality.release(me, into: &state.clock)
    scheduler.record(me, number, .call(all ? "broadcast" : "signal"))
  }
}
