/// A dispatch queue under the controlled scheduler: the work items submitted and not yet
/// started, first in first out, the ones running, and the timers not yet fired.
///
/// A work item is a thread of the schedule: a `sync` caller, which runs its block on its own
/// thread, or an asynchronous block, a thread of its own (`ControlledScheduler.spawn`). A
/// serial queue starts one when none runs; a concurrent one starts the next unless a barrier
/// runs, and a barrier when none runs, in submission order (GCD's rule).
///
/// Happens-before: a block's end before every block a serial queue starts later; on a
/// concurrent queue, every end before the next barrier, and a barrier's end before every
/// block after it. Blocks between two barriers are not ordered with each other.
final class ControlledQueue: ControlledState {
  /// Set from the queue's attributes at its first use in a schedule.
  var concurrent = false
  private var pending: [(thread: Int, barrier: Bool)] = []
  /// Items running, in the order they started; a thread twice while a block of the queue
  /// calls `sync` on it (a concurrent queue admits it).
  private var running: [(thread: Int, barrier: Bool)] = []
  private var barrierRuns: Bool { running.contains { $0.barrier } }
  /// Every finished item's end, and the last barrier's.
  private var ends: [Int] = []
  private var barrierEnd: [Int] = []
  /// Timers not yet fired, the earliest deadline first; only the first may fire.
  private var timers: [(thread: Int, deadline: UInt64)] = []

  init() {}

  func holds(_ thread: Int) -> Bool { running.contains { $0.thread == thread } }

  func waiting(_ thread: Int) -> ControlledWait? {
    if timers.contains(where: { $0.thread == thread }) {
      return ControlledWait(until: "an earlier timer")
    }
    guard pending.contains(where: { $0.thread == thread }) else { return nil }
    return running.count == 1
      ? ControlledWait(holder: running[0].thread) : ControlledWait(until: "the work before it")
  }

  /// `thread`'s work item joins the queue, and starts if the queue lets it.
  func submit(_ thread: Int, barrier: Bool, on scheduler: ControlledScheduler) {
    pending.append((thread, barrier))
    admit(scheduler)
  }

  /// `me` submits a `sync` item and waits until it starts.
  func enter(_ me: Int, barrier: Bool, on scheduler: ControlledScheduler) {
    let inside = running.filter { $0.thread == me }.count
    submit(me, barrier: barrier, on: scheduler)
    while running.filter({ $0.thread == me }).count == inside { scheduler.block(me) }
  }

  /// `me`'s item ends: the queue starts what may start next.
  func leave(_ me: Int, on scheduler: ControlledScheduler) {
    scheduler.causality.release(me, into: &ends)
    // The innermost of its items: a nested `sync` ends before the block that called it.
    guard let index = running.lastIndex(where: { $0.thread == me }) else { return }
    if running.remove(at: index).barrier { barrierEnd = ends }
    admit(scheduler)
  }

  private func admit(_ scheduler: ControlledScheduler) {
    while let head = pending.first {
      let starts =
        concurrent ? (head.barrier ? running.isEmpty : !barrierRuns) : running.isEmpty
      guard starts else { return }
      pending.removeFirst()
      running.append((head.thread, concurrent && head.barrier))
      scheduler.causality.acquire(head.thread, concurrent && !head.barrier ? barrierEnd : ends)
      scheduler.wake(head.thread)
    }
  }

  /// Timer thread `thread`, due at `deadline`, waits for the timers due before it.
  func schedule(_ thread: Int, deadline: UInt64, on scheduler: ControlledScheduler) {
    let place = timers.firstIndex { $0.deadline > deadline } ?? timers.count
    timers.insert((thread, deadline), at: place)
    scheduler.wake(timers[0].thread)
  }

  /// Timer `me` waits until no timer is due before it (one due earlier may have come since
  /// it was woken).
  func due(_ me: Int, on scheduler: ControlledScheduler) {
    while timers.first?.thread != me { scheduler.block(me) }
  }

  /// Timer `me` fired: the next one may fire.
  func fired(_ me: Int, on scheduler: ControlledScheduler) {
    timers.removeAll { $0.thread == me }
    if let next = timers.first { scheduler.wake(next.thread) }
  }
}
