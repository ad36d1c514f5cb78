import Foundation
import StressKit

/// The Summary's `NSRecursiveLock`, re-entered as recursive code does: each write takes it,
/// takes it again, raises a count, and gives it back twice; reads take it once.
package final class NSRecursiveLockSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsrecursivelock",
    summary: "NSRecursiveLock: a count raised under it taken twice, read under it once",
    documented: .safe, sendable: Sendability.of(NSRecursiveLock.self),
    calls: [
      "lock() twice, unlock() twice (write)",
      "lock(), then withLock(_:) inside it (write)",
      "try() until it succeeds, then lock() inside it (write)",
      "lock(), unlock() once (read)",
    ],
    leavesOut:
      "lock(before:): a timed wait, which a count under a lock never needs; recursion deeper "
      + "than two: each level takes the same count the second does; name: a label for "
      + "debuggers, read by no one here")

  private let shape: TrialShape
  private let lock = NSRecursiveLock()
  private var counter = LockedCounter()

  package init(shape: TrialShape) { self.shape = shape }

  package func write(_ step: Step) {
    switch step.random % 3 {
    case 0:
      lock.lock()
      lock.lock()
      counter.value &+= 1
      lock.unlock()
    case 1:
      lock.lock()
      lock.withLock { counter.value &+= 1 }
    default:
      while !lock.try() {}
      lock.lock()
      counter.value &+= 1
      lock.unlock()
    }
    lock.unlock()
  }

  package func read(_ step: Step) -> String? {
    lock.lock()
    let seen = counter.value
    lock.unlock()
    return LockedCounter.check(read: seen, shape: shape)
  }

  package func check(writesPerThread: [Int]) -> Violations {
    counter.check(writesPerThread: writesPerThread, lock: "NSRecursiveLock")
  }
}
