import Foundation
import StressKit
import Synchronization

/// One repeating `Timer` shared by threads that reschedule it and fire it, as a debounce
/// timer is shared: a thread's even writes set its `fireDate` to a date of their own, its odd
/// writes call `fire()`, whose block counts. Reads get `fireDate` and `isValid`: the date must
/// be the first one or one some write set, and the timer valid. At the end the block has run
/// once per `fire()`, and the date is the last one some thread set. A second timer is fired
/// by the odd writes too, and invalidated by thread 0's ninth write: once `invalidate()` has
/// returned, it must read invalid, and a `fire()` begun after that must not run its block. The
/// Summary lists NSTimer as safe.
package final class TimerSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "timer-shared",
    summary: "one repeating Timer: fireDate set and fire() called from every thread, read back",
    documented: .safe, sendable: Sendability.of(Timer.self), defaultReadRatio: 0.5,
    calls: [
      "fireDate set (even writes)",
      "fire() (odd writes)",
      "invalidate() of a second timer (thread 0's ninth write), fire() of it (odd writes)",
      "fireDate get (read)",
      "isValid (read, both timers)",
    ],
    leavesOut:
      "scheduling on a run loop: timer-runloop covers it; tolerance: setting it does nothing on Linux (CFRunLoopTimerSetTolerance is "
      + "Darwin-only); userInfo: always nil on Linux, where no initializer takes one; "
      + "timeInterval: fire(), which the subject calls, reads it; Timer.scheduledTimer: "
      + "timer-runloop covers it, a Timer added to the current loop's default mode"
  )

  /// Dates are whole seconds from `base`: the run loop's clock converts them on the way in
  /// and out, so reads allow a millisecond.
  static let base = Date(timeIntervalSinceReferenceDate: 1_000_000_000)
  static let perThread = 1_000_000
  private let shape: TrialShape
  private let fires = Fires()
  private let timer: Timer
  /// The timer thread 0 invalidates while others fire it, and what it saw.
  private let doomed: Timer
  private let doomedFires = Fires()
  private let invalidated = Atomic<Bool>(false)
  /// Calls of the doomed timer's fire() begun before `invalidated` read true.
  private let earlyCalls = Atomic<Int>(0)

  package init(shape: TrialShape) {
    self.shape = shape
    let fires = self.fires
    timer = Timer(fire: Self.base, interval: 3_600, repeats: true) { _ in
      fires.count.add(1, ordering: .relaxed)
    }
    let doomedFires = self.doomedFires
    doomed = Timer(fire: Self.base, interval: 3_600, repeats: true) { _ in
      doomedFires.count.add(1, ordering: .relaxed)
    }
  }

  deinit {
    timer.invalidate()
    doomed.invalidate()
  }

  /// The block's count of its runs.
  final class Fires: Sendable {
    let count = Atomic<Int>(0)
  }

  /// The doomed timer's part of a write: thread 0's ninth invalidates it, odd writes fire it.
  private func doom(_ step: Step) {
    if step.thread == 0 && step.seq == 8 {
      doomed.invalidate()
      invalidated.store(true, ordering: .sequentiallyConsistent)
    } else if step.seq % 2 == 1 {
      if !invalidated.load(ordering: .sequentiallyConsistent) {
        earlyCalls.add(1, ordering: .relaxed)
      }
      doomed.fire()
    }
  }

  /// The date thread `thread`'s `seq`-th write sets (seq even).
  static func date(thread: Int, seq: Int) -> Date {
    base.addingTimeInterval(Double(1 + thread * perThread + seq % perThread))
  }

  /// The write a date came from, (-1, -1) for the first date, nil if no write set it.
  func origin(of date: Date) -> (thread: Int, seq: Int)? {
    let offset = date.timeIntervalSince(Self.base)
    let index = offset.rounded()
    guard abs(offset - index) < 0.001, index >= 0, index < Double(Int.max / 2) else { return nil }
    if index == 0 { return (-1, -1) }
    let (thread, seq) = (Int(index) - 1).quotientAndRemainder(dividingBy: Self.perThread)
    guard thread < shape.threads, seq % 2 == 0 else { return nil }
    return (thread, seq)
  }

  package func write(_ step: Step) {
    doom(step)
    if step.seq % 2 == 0 {
      timer.fireDate = Self.date(thread: step.thread, seq: step.seq)
    } else {
      timer.fire()
    }
  }

  package func read(_ step: Step) -> String? {
    let date = timer.fireDate
    guard origin(of: date) != nil else {
      return
        "fireDate is \(date.timeIntervalSince(Self.base)) s after the first, which no write set"
    }
    if invalidated.load(ordering: .sequentiallyConsistent) && doomed.isValid {
      return "a timer reads valid after invalidate() returned"
    }
    return timer.isValid ? nil : "the timer is no longer valid"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let fired = writesPerThread.map { $0 / 2 }.reduce(0, +)
    let counted = fires.count.load(ordering: .relaxed)
    violations.add(
      count: abs(fired - counted), "the block ran \(counted) times for \(fired) calls of fire()")
    // The last date set: some thread's last even write.
    switch origin(of: timer.fireDate) {
    case nil:
      violations.add("fireDate ended on a date no write set")
    case (let thread, _)? where thread < 0:
      if writesPerThread.contains(where: { $0 > 0 }) {
        violations.add("fireDate ended on the first date, after writes set others")
      }
    case (let thread, let seq)?:
      if seq != Self.lastEven(below: writesPerThread[thread]) {
        violations.add("fireDate ended on write #\(seq) of thread \(thread), not its last")
      }
    }
    if !timer.isValid { violations.add("the timer ended invalid") }
    let late = doomedFires.count.load(ordering: .relaxed)
    let early = earlyCalls.load(ordering: .relaxed)
    violations.add(
      count: max(0, late - early),
      "the invalidated timer's block ran \(late) times for \(early) calls of fire() begun before")
    if invalidated.load(ordering: .relaxed) && doomed.isValid {
      violations.add("the invalidated timer ended valid")
    }
    return violations
  }

  /// The last even write number below `writes`, if any.
  static func lastEven(below writes: Int) -> Int? {
    writes == 0 ? nil : (writes - 1) - (writes - 1) % 2
  }
}
