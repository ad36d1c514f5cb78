/// A dispatch group under the controlled scheduler: the work entered and not left, the
/// threads waiting for it to end, the blocks to submit when it does, and what the leavers had
/// seen (every leave before a wait that returns and before a notification's block).
final class ControlledGroup: ControlledState {
  private(set) var count = 0
  private var waiters: [Int] = []
  /// Blocks to submit when the work ends, each with its notifier's operation and what the
  /// notifier had seen (its `notify` happens before the block).
  private var notifications:
    [(queue: ScheduledQueue, work: @Sendable () -> Void, operation: Int, clock: [Int])] = []
  private var clock: [Int] = []

  init() {}

  func holds(_ thread: Int) -> Bool { false }

  func waiting(_ thread: Int) -> ControlledWait? {
    waiters.contains(thread) ? ControlledWait(until: "the group's work to end") : nil
  }

  func enter() { count += 1 }

  /// `me` leaves: false if it was not entered (GCD traps). At zero, waiters go on and the
  /// notifications' blocks are submitted.
  func leave(_ me: Int, on scheduler: ControlledScheduler) -> Bool {
    guard count > 0 else { return false }
    count -= 1
    scheduler.causality.release(me, into: &clock)
    guard count == 0 else { return true }
    for thread in waiters { scheduler.wake(thread) }
    waiters.removeAll()
    let due = notifications
    notifications.removeAll()
    for notification in due {
      notification.queue.submit(
        from: me, on: scheduler, barrier: false, group: nil, operation: notification.operation,
        after: [clock, notification.clock], notification.work)
    }
    return true
  }

  /// `me` waits until the group's work has ended; `timed`, the chooser may end the wait
  /// instead: whether it ended.
  func wait(_ me: Int, timed: Bool, on scheduler: ControlledScheduler) -> Bool {
    while count > 0 {
      waiters.append(me)
      scheduler.block(me, timed: timed)
      let ended = !waiters.contains(me)
      waiters.removeAll { $0 == me }
      if timed && !ended { return false }
    }
    scheduler.causality.acquire(me, clock)
    return true
  }

  /// `work` goes to `queue` when the group's work has ended: now, if it has.
  func notify(
    _ me: Int, _ queue: ScheduledQueue, _ work: @escaping @Sendable () -> Void,
    on scheduler: ControlledScheduler
  ) {
    guard count == 0 else {
      var seen: [Int] = []
      scheduler.causality.release(me, into: &seen)
      return notifications.append((queue, work, scheduler.operation(of: me), seen))
    }
    queue.submit(from: me, on: scheduler, barrier: false, group: nil, after: [clock], work)
  }
}
