import Foundation
import StressKit
import Synchronization

/// Work handed to a run loop from other threads, as code with a run loop thread does: each
/// write asks the loop, with `RunLoop.perform(_:)`, to schedule a `Timer` that fires at once
/// on the loop's thread and records the write's token: a one-shot timer in the default mode
/// or in the common modes, or a repeating one that invalidates itself when it first fires. The Summary lists NSTimer as safe and
/// NSRunLoop as unsafe, and RunLoop's reference says to call a loop's methods from its own
/// thread only: `perform` is the one meant for other threads. A thread of the trial's own runs
/// the loop; by the end every token must have fired exactly once. The check waits for the last
/// timers while they keep firing, until the loop has turned `settledTurns` times with none
/// firing (then the rest were lost), or 2 s with none if the loop's thread cannot run.
package final class TimerRunLoopSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "timer-runloop",
    summary: "RunLoop.perform from every thread, each scheduling a Timer on the loop's thread",
    documented: .unsafe, sendable: Sendability.of(RunLoop.self), defaultReadRatio: 0,
    calls: [
      "perform(_:) on the loop thread's RunLoop (write)",
      "Timer(timeInterval: 0, repeats: false, block:) in that block",
      "Timer(timeInterval: 0.001, repeats: true, block:), invalidate() in its block",
      "RunLoop.current.add(_:forMode: .default or .common) on the loop thread",
      "run(mode:before:) on the loop thread (started in init)",
    ],
    leavesOut:
      "RunLoop.main: needs the main thread's run loop, which the worker's main thread "
      + "never runs; Timer.scheduledTimer: on Linux it is a Timer added to the current "
      + "loop's default mode, as the subject does; perform(inModes:block:): perform(_:), which "
      + "the subject calls, is it with [.default]; invalidate() from another thread: "
      + "RunLoop's reference says to invalidate a timer on the thread it was installed on"
  )

  /// What the loop's thread and the trial's threads share.
  final class Loop: @unchecked Sendable {
    let fired = Mutex([Int]())
    let stop = Atomic<Bool>(false)
    /// How many times the loop's thread has run the loop.
    let turns = Atomic<Int>(0)
    let started = DispatchSemaphore(value: 0)
    /// Set once by the loop's thread, before `started` is signalled.
    var runLoop: RunLoop?
  }

  private let loop = Loop()

  package init(shape: TrialShape) {
    let loop = self.loop
    let thread = Thread {
      let current = RunLoop.current
      loop.runLoop = current
      // A timer far in the future keeps the loop from returning at once for want of sources.
      current.add(Timer(timeInterval: 3_600, repeats: false) { _ in }, forMode: .default)
      loop.started.signal()
      while !loop.stop.load(ordering: .acquiring) {
        _ = current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
        loop.turns.add(1, ordering: .releasing)
      }
    }
    thread.start()
    loop.started.wait()
  }

  deinit {
    loop.stop.store(true, ordering: .releasing)
  }

  package func write(_ step: Step) {
    let token = step.token
    let loop = self.loop
    let kind = step.random % 3
    loop.runLoop?.perform {
      let timer =
        kind == 2
        ? Timer(timeInterval: 0.001, repeats: true) { timer in
          timer.invalidate()
          loop.fired.withLock { $0.append(token) }
        }
        : Timer(timeInterval: 0, repeats: false) { _ in
          loop.fired.withLock { $0.append(token) }
        }
      RunLoop.current.add(timer, forMode: kind == 1 ? .common : .default)
    }
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    let total = writesPerThread.reduce(0, +)
    lastWait = settle(expecting: total)
    return Token.verify(loop.fired.withLock { $0 }, writesPerThread: writesPerThread)
  }

  /// How the check's wait for the last timers ended.
  enum Wait: Equatable {
    /// Every expected token fired.
    case fired
    /// The loop turned `settledTurns` times and no more fired: a block or timer was lost.
    case settled
    /// 2 s passed with none firing (the loop's thread hardly ran).
    case deadline
  }

  /// How the last check's wait ended.
  private(set) var lastWait: Wait?

  /// Each turn runs every block `perform` queued before it and fires every timer due, so a
  /// token still missing after this many turns with nothing new will not come.
  static let settledTurns = 20

  /// Waits until `total` tokens fired, or the loop turned `settledTurns` times with no new one,
  /// or 2 s passed with no new one. A fixed 2 s from the start, as before, called a long
  /// backlog lost (`rw-barrier` queues a write's `perform` for later, 200,000 of them in a
  /// 0.03 s trial at 8 threads), and made a trial whose timers were lost wait it out whole.
  private func settle(expecting total: Int) -> Wait {
    var count = loop.fired.withLock { $0.count }
    var turnsAtCount = loop.turns.load(ordering: .acquiring)
    var deadline = Date(timeIntervalSinceNow: 2)
    while count < total {
      guard Date() < deadline else { return .deadline }
      usleep(1_000)
      let now = loop.fired.withLock { $0.count }
      let turns = loop.turns.load(ordering: .acquiring)
      if now != count {
        count = now
        turnsAtCount = turns
        deadline = Date(timeIntervalSinceNow: 2)
      } else if turns - turnsAtCount >= Self.settledTurns {
        return .settled
      }
    }
    return .fired
  }
}
