import Dispatch
import Foundation
import StressPlatform

/// The executor an async model test's lanes run on under stress: a thread per lane, each
/// taking the next job, as the global executor's pool does.
///
/// Not the global executor itself: a check runs inside a test, on that pool's threads, and
/// waits for its lanes; on a machine of two cores, two checks waiting would leave the lanes
/// no thread to run on. Child tasks inherit the preference (SE-0417), and so do the default
/// actors they call into, so every job of the lanes runs here; an unstructured task a call
/// starts runs on the global executor, as it would in an app.
final class LaneExecutor: TaskExecutor, @unchecked Sendable {
  /// Jobs waiting, and whether the threads are to end. Behind an `NSLock`, not a `Mutex`:
  /// ThreadSanitizer does not model the futex a `Mutex` is built on (`LockedValue`).
  private let lock = NSLock()
  private var jobs: [UnownedJob] = []
  private var ending = false
  private let ready = DispatchSemaphore(value: 0)
  private let ended = DispatchGroup()

  /// Starts `threads` threads; nil and why, if one cannot start.
  static func start(threads: Int) -> (LaneExecutor?, String?) {
    let executor = LaneExecutor()
    for _ in 0..<threads {
      executor.ended.enter()
      if let failure = Platform.startThread({ executor.work() }) {
        executor.ended.leave()
        executor.end()
        return (nil, failure)
      }
    }
    return (executor, nil)
  }

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.withLock { jobs.append(job) }
    ready.signal()
  }

  /// Ends the threads once the jobs enqueued have run, and waits for them.
  func end() {
    lock.withLock { ending = true }
    ready.signal()
    ended.wait()
  }

  private func work() {
    while true {
      ready.wait()
      let next = lock.withLock { () -> UnownedJob?? in
        if !jobs.isEmpty { return jobs.removeFirst() }
        return ending ? .some(nil) : nil
      }
      switch next {
      case .some(.some(let job)): job.runSynchronously(on: asUnownedTaskExecutor())
      case .some(.none):
        // Each thread that ends wakes the next.
        ready.signal()
        ended.leave()
        return
      case .none: continue
      }
    }
  }
}
