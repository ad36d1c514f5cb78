import Foundation
import StressKit

/// The Summary's `NSLock`, shared as a lock is: every thread raises a count under it and reads
/// it under it, taking it the three ways code does (`Take`). Documented thread-safe; what is
/// measured is whether it excludes.
package final class NSLockSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nslock", summary: "NSLock: a count raised and read under it (lock, unlock)",
    documented: .safe, sendable: Sendability.of(NSLock.self),
    calls: Take.allCases.map(\.rawValue),
    leavesOut:
      "lock(before:): a timed wait, which a count under a lock never needs; name: a label "
      + "for debuggers, read by no one here")

  /// The ways a thread takes the lock.
  package enum Take: String, CaseIterable {
    case lock = "lock(), unlock()"
    case withLock = "withLock(_:)"
    case spin = "try() until it succeeds, unlock()"
  }

  private let shape: TrialShape
  private let lock = NSLock()
  private var counter = LockedCounter()

  package init(shape: TrialShape) { self.shape = shape }

  /// Runs `body` holding the lock, taken the way `step` picks.
  private func holding<T>(_ step: Step, _ body: () -> T) -> T {
    switch Take.allCases[Int(step.random % UInt64(Take.allCases.count))] {
    case .lock:
      lock.lock()
      defer { lock.unlock() }
      return body()
    case .withLock:
      return lock.withLock(body)
    case .spin:
      while !lock.try() {}
      defer { lock.unlock() }
      return body()
    }
  }

  package func write(_ step: Step) {
    holding(step) { counter.value &+= 1 }
  }

  package func read(_ step: Step) -> String? {
    let seen = holding(step) { counter.value }
    return LockedCounter.check(read: seen, shape: shape)
  }

  package func check(writesPerThread: [Int]) -> Violations {
    counter.check(writesPerThread: writesPerThread, lock: "NSLock")
  }
}
