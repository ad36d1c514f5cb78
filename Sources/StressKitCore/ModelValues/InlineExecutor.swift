import Dispatch
import Foundation
import StressPlatform

/// Runs an async call to completion on the calling thread, for the code that needs an async
/// operation's answer there: the sequential specification, a sanity pass, the parts of a
/// controlled schedule that run alone.
///
/// The call's task prefers this executor (SE-0417), so its jobs, and those of the default
/// actors it calls into, are enqueued here and run one at a time on the thread that waits.
/// A job enqueued from elsewhere (a continuation resumed by another thread) wakes it. A
/// `Task.sleep` is on virtual time where the toolchain lets it be (`InlineExecutor+Sleep`):
/// it ends as soon as nothing else of the call can run, sleeps in the order of their ends.
/// Work the call hands to a task of its own, without the preference, runs
/// on the global executor as usual; the call still answers only when its own task returns.
package final class InlineExecutor: TaskExecutor, @unchecked Sendable {
  /// Behind an `NSLock`, not a `Mutex`: ThreadSanitizer does not model the futex a `Mutex` is
  /// built on.
  private let lock = NSLock()
  private var jobs: [UnownedJob] = []
  /// Sleeps' wake-up jobs, each with its end on the call's virtual clock, which is `now`.
  private var sleeps: [(end: Duration, job: UnownedJob)] = []
  private var now: Duration = .zero
  private var answer: Any?
  /// One signal per job enqueued, and one when the call returns.
  private let ready = DispatchSemaphore(value: 0)

  private init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.withLock { jobs.append(job) }
    ready.signal()
  }

  /// A `Task.sleep` of `delay`: its wake-up job waits on the call's virtual clock. Run, the
  /// wake-up resumes its task through the global executor: kept from it, the task resumes on
  /// this thread, next (`Platform.firstGlobalEnqueue`).
  func sleep(_ job: UnownedJob, for delay: Duration) {
    lock.withLock { sleeps.append((now + max(.zero, delay), job)) }
    ready.signal()
  }

  /// Runs `job` here; a sleep's wake-up, with the task it resumes.
  private func run(_ job: UnownedJob, wake: Bool) {
    guard wake else { return job.runSynchronously(on: asUnownedTaskExecutor()) }
    let resumed = Platform.firstGlobalEnqueue { job.runSynchronously(on: asUnownedTaskExecutor()) }
    if let resumed { resumed.runSynchronously(on: asUnownedTaskExecutor()) }
  }

  /// The next job to run: one enqueued, else, with the call not answered, the sleep that ends
  /// first (the clock moves to its end); nil if there is none.
  private func next() -> (job: UnownedJob?, wake: Bool, answer: Any?) {
    lock.withLock {
      if !jobs.isEmpty { return (jobs.removeFirst(), false, answer) }
      // `min(by:)` keeps the first of equal ends: ties end in the order they began.
      guard answer == nil, let first = sleeps.indices.min(by: { sleeps[$0].end < sleeps[$1].end })
      else { return (nil, false, answer) }
      let sleep = sleeps.remove(at: first)
      now = max(now, sleep.end)
      return (sleep.job, true, nil)
    }
  }

  /// `body`'s answer, its jobs run on this thread.
  package static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let executor = InlineExecutor()
    Task(executorPreference: executor) {
      let value = await body()
      executor.lock.withLock { executor.answer = value }
      executor.ready.signal()
    }
    while true {
      let (next, wake, answer) = executor.next()
      if let next {
        executor.run(next, wake: wake)
      } else if let value = answer as? T {
        return value
      } else {
        // Each enqueue and the answer signal once; a signal left from a job already run only
        // makes this loop look again.
        executor.ready.wait()
      }
    }
  }
}
