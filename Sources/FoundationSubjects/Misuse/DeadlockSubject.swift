import Dispatch
import StressKit

/// The GCD tutorials' classic mistake: `sync` onto the serial queue the code is already
/// running on. Every write deadlocks, alone or not. On Linux, libdispatch notices this exact
/// case and traps instead of hanging, so its trials end as `crash` (SIGILL) there: the run
/// records what happens, not what the tutorials say.
package final class DeadlockSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "deadlock",
    summary: "DispatchQueue.sync onto the serial queue it runs on (misuse; Linux traps it)",
    documented: .notListed, defaultReadRatio: 0, traits: [.failsAlone])

  private let queue = DispatchQueue(label: "stress.deadlock")

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    queue.sync {
      queue.sync {}
    }
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
