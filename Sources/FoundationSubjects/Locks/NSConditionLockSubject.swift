import Foundation
import StressKit

/// The Summary's `NSConditionLock`, used as its documentation shows: writes take it when its
/// condition is 0 and give it back with 0, raising a count; the end count must be the writes.
/// Documented thread-safe. In this toolchain's Foundation a thread that has to wait for it
/// traps (swift-corelibs-foundation issue 3223): unprotected, two threads soon make one wait.
/// Reads touch nothing: a reader-writer wrapper lets reads run together, and they would
/// contend for the lock, and the wrapper be blamed for its crash.
package final class NSConditionLockSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsconditionlock",
    summary: "NSConditionLock: a count raised under lock(whenCondition: 0), unlock(withCondition:)",
    documented: .safe, sendable: Sendability.of(NSConditionLock.self), defaultReadRatio: 0,
    calls: ["lock(whenCondition: 0)", "unlock(withCondition: 0)"],
    leavesOut:
      "handing the lock between conditions: a thread that waits for it already traps "
      + "(swift-corelibs-foundation 3223), and a hand-off waits on every turn; lock(before:) and "
      + "try(): a timed or failed take, never needed by a count under the lock")

  private let lock = NSConditionLock(condition: 0)
  private var counter = LockedCounter()

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    lock.lock(whenCondition: 0)
    counter.value &+= 1
    lock.unlock(withCondition: 0)
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    counter.check(writesPerThread: writesPerThread, lock: "NSConditionLock")
  }
}
