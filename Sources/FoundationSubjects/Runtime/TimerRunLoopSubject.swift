import Foundation
import StressKit
import Synchronization

/// Work handed to a run loop from other threads, as code with a run loop thread does: each
/// write asks the loop, with `RunLoop.perform(_:)`, to schedule a `Timer` that fires at once
/// on the loop's thread and records the write's token. The Summary lists NSTimer as safe and
/// NSRunLoop as unsafe, and RunLoop's reference says to call a loop's methods from its own
/// thread only: `perform` is the one meant for other threads. A thread of the trial's own runs
/// the loop; by the end (the check waits up to 2 s for the last timers) every token must have
/// fired exactly once.
package final class TimerRunLoopSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "timer-runloop",
    summary: "RunLoop.perform from every thread, each scheduling a Timer on the loop's thread",
    documented: .unsafe, sendable: Sendability.of(RunLoop.self), defaultReadRatio: 0,
    calls: [
      "perform(_:) on the loop thread's RunLoop (write)",
      "Timer(timeInterval: 0, repeats: false, block:) in that block",
      "RunLoop.current.add(_:forMode: .default) on the loop thread",
      "run(mode:before:) on the loop thread (started in init)",
    ],
    leavesOut:
      "RunLoop.main, Timer.scheduledTimer, .common modes, perform(inModes:block:), invalidate(), repeating timers"
  )

  /// What the loop's thread and the trial's threads share.
  final class Loop: @unchecked Sendable {
    let fired = Mutex([Int]())
    let stop = Atomic<Bool>(false)
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
    loop.runLoop?.perform {
      let timer = Timer(timeInterval: 0, repeats: false) { _ in
        loop.fired.withLock { $0.append(token) }
      }
      RunLoop.current.add(timer, forMode: .default)
    }
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    let total = writesPerThread.reduce(0, +)
    let deadline = Date(timeIntervalSinceNow: 2)
    while loop.fired.withLock({ $0.count }) < total && Date() < deadline { usleep(1_000) }
    return Token.verify(loop.fired.withLock { $0 }, writesPerThread: writesPerThread)
  }
}
