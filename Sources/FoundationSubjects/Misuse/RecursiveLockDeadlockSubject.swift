import Foundation
import StressKit

/// Taking an `NSLock` the thread already holds (NSLock is not recursive; NSRecursiveLock is).
/// On Linux it is a pthread mutex, and the second `lock()` waits forever: `hang`.
package final class RecursiveLockDeadlockSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "recursive-lock-deadlock", summary: "NSLock locked again by the thread holding it (misuse)",
    documented: .notListed, defaultReadRatio: 0, traits: [.failsAlone])

  private let lock = NSLock()

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    lock.lock()
    lock.lock()
    lock.unlock()
    lock.unlock()
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
