import Dispatch
import Foundation
import StressKitCore

/// Blocks forever on thread 1's first write, and every other write takes a millisecond: a dear
/// subject whose forecast of the whole trial is past its timeout, with one thread stuck. The
/// trial must end as a hang once its other threads have finished long enough ago.
package final class SelfTestStraggler: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-straggler",
    summary: "self-test: blocks forever on thread 1's first write; other writes take 1 ms",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  private let never = DispatchSemaphore(value: 0)

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    if step.thread == 1 { never.wait() }
    usleep(1_000)
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
