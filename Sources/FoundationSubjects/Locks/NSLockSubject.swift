import Foundation
import StressKit

/// The Summary's `NSLock`, shared as a lock is: every thread raises a count under it and reads
/// it under it. Documented thread-safe; what is measured is whether it excludes.
package final class NSLockSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nslock", summary: "NSLock: a count raised and read under it (lock, unlock)",
    documented: .safe, sendable: Sendability.of(NSLock.self),
    calls: [
      "lock()",
      "unlock()",
    ],
    leavesOut: "try(), lock(before:), withLock(_:), name")

  private let shape: TrialShape
  private let lock = NSLock()
  private var counter = LockedCounter()

  package init(shape: TrialShape) { self.shape = shape }

  package func write(_ step: Step) {
    lock.lock()
    counter.value &+= 1
    lock.unlock()
  }

  package func read(_ step: Step) -> String? {
    lock.lock()
    let seen = counter.value
    lock.unlock()
    return LockedCounter.check(read: seen, shape: shape)
  }

  package func check(writesPerThread: [Int]) -> Violations {
    counter.check(writesPerThread: writesPerThread, lock: "NSLock")
  }
}
