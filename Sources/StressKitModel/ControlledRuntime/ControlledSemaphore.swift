/// A counting semaphore under the controlled scheduler: its count, the threads waiting, the
/// longest first, and what signalers had seen (a signal before the wait it ends).
final class ControlledSemaphore: ControlledState {
  /// Set from the semaphore's own value at its first use in a schedule.
  var count: Int?
  private var waiters: [Int] = []
  private var clock: [Int] = []

  init() {}

  func holds(_ thread: Int) -> Bool { false }

  func waiting(_ thread: Int) -> ControlledWait? {
    waiters.contains(thread) ? ControlledWait(until: "a signal") : nil
  }

  /// `me` takes one, waiting while there is none; `timed`, the chooser may end the wait
  /// instead (the time is up): whether it took one.
  func wait(_ me: Int, timed: Bool, on scheduler: ControlledScheduler) -> Bool {
    while count ?? 0 <= 0 {
      waiters.append(me)
      scheduler.block(me, timed: timed)
      let signaled = !waiters.contains(me)
      waiters.removeAll { $0 == me }
      if timed && !signaled { return false }
    }
    count = (count ?? 0) - 1
    scheduler.causality.acquire(me, clock)
    return true
  }

  /// `me` adds one and wakes the longest waiter: whether it woke one.
  func signal(_ me: Int, on scheduler: ControlledScheduler) -> Bool {
    count = (count ?? 0) + 1
    scheduler.causality.release(me, into: &clock)
    guard !waiters.isEmpty else { return false }
    scheduler.wake(waiters.removeFirst())
    return true
  }
}
