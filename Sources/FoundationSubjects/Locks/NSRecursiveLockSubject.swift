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
      "lock(), unlock() once (read)",
    ],
    leavesOut: "try(), lock(before:), withLock(_:), recursion deeper than two, name")

  private let shape: TrialShape
  private let lock = NSRecursiveLock()
  private var counter = LockedCounter()

  package init(shape: TrialShape) { self.shape = shape }

  package func write(_ step: Step) {
    lock.lock()
    lock.lock()
    counter.value &+= 1
    lock.unlock()
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
