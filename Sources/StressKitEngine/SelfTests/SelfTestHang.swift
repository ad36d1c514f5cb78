import Dispatch
import StressKitCore

/// Blocks forever on thread 1's first write: the trial must end as a hang.
package final class SelfTestHang: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-hang", summary: "self-test: blocks forever on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  private let never = DispatchSemaphore(value: 0)

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    if step.thread == 1 { never.wait() }
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
