/// A one-time initialization under the controlled scheduler: the thread building the value,
/// whether it is built, the threads waiting for it, and what the builder had seen (its build
/// before every use).
final class ControlledOnce: ControlledState {
  private(set) var builder: Int?
  private(set) var built = false
  private var waiters: [Int] = []
  private var clock: [Int] = []

  init() {}

  func holds(_ thread: Int) -> Bool { builder == thread && !built }

  func waiting(_ thread: Int) -> ControlledWait? {
    waiters.contains(thread) ? ControlledWait(holder: builder) : nil
  }

  /// Whether `me` is to build it: true for the first to ask; anyone else waits until it is
  /// built, then takes what the builder saw.
  func enter(_ me: Int, on scheduler: ControlledScheduler) -> Bool {
    if built && builder == nil { return false }
    if builder == nil {
      builder = me
      return true
    }
    while !built {
      waiters.append(me)
      scheduler.block(me)
    }
    scheduler.causality.acquire(me, clock)
    return false
  }

  /// It was built before this schedule's threads ran (by the scenario's initial part, outside
  /// the scheduler): it is not built again.
  func adopt() { built = true }

  /// The builder is done: every waiter can run.
  func finish(_ me: Int, on scheduler: ControlledScheduler) {
    built = true
    scheduler.causality.release(me, into: &clock)
    for thread in waiters { scheduler.wake(thread) }
    waiters.removeAll()
  }
}
