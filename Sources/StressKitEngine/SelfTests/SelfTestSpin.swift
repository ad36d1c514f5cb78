import StressKitCore
import Synchronization

/// Spins forever on thread 1's first write, as a race's looping probe does: the trial must end
/// as a hang, called on its worker's CPU time.
package final class SelfTestSpin: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-spin", summary: "self-test: spins forever on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  /// Never set: an atomic load the optimizer cannot take out of the loop.
  private let stop = Atomic(false)

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    guard step.thread == 1 else { return }
    while !stop.load(ordering: .relaxed) {}
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
