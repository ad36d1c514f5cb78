import Dispatch
import Foundation

/// Runs an async call to completion on the calling thread, for the code that needs an async
/// operation's answer there: the sequential specification, a sanity pass, the parts of a
/// controlled schedule that run alone.
///
/// The call's task prefers this executor (SE-0417), so its jobs, and those of the default
/// actors it calls into, are enqueued here and run one at a time on the thread that waits.
/// A job enqueued from elsewhere (a `Task.sleep` ending, a continuation resumed by another
/// thread) wakes it. Work the call hands to a task of its own, without the preference, runs
/// on the global executor as usual; the call still answers only when its own task returns.
package final class InlineExecutor: TaskExecutor, @unchecked Sendable {
  /// Behind an `NSLock`, not a `Mutex`: ThreadSanitizer does not model the futex a `Mutex` is
  /// built on.
  private let lock = NSLock()
  private var jobs: [UnownedJob] = []
  private var answer: Any?
  /// One signal per job enqueued, and one when the call returns.
  private let ready = DispatchSemaphore(value: 0)

  private init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.withLock { jobs.append(job) }
    ready.signal()
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
      executor.ready.wait()
      let (next, answer) = executor.lock.withLock {
        (executor.jobs.isEmpty ? nil : executor.jobs.removeFirst(), executor.answer)
      }
      if let next {
        next.runSynchronously(on: executor.asUnownedTaskExecutor())
      } else if let value = answer as? T {
        return value
      }
    }
  }
}
