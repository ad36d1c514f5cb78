import StressKitCore
import Synchronization

/// Leaves its process poisoned: a multi-threaded trial reports `corrupt` and marks the process;
/// any later trial in a marked process traps. A runner that reuses a worker after a failed
/// trial would record that next trial as a crash it did not cause.
package final class SelfTestPoison: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-poison", summary: "self-test: poisons its process when it fails",
    documented: .notListed, defaultReadRatio: 1, traits: [.readOnly, .hidden])

  private static let poisoned = Atomic<Bool>(false)
  private let threads: Int

  package init(shape: TrialShape) {
    precondition(
      !Self.poisoned.load(ordering: .relaxed), "selftest-poison: reused a poisoned worker")
    threads = shape.threads
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if threads > 1 {
      Self.poisoned.store(true, ordering: .relaxed)
      violations.add("deliberate failure; this process is now poisoned")
    }
    return violations
  }
}
