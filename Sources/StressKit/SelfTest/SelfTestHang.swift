import Dispatch

/// Blocks forever on thread 1's first write: the trial must end as a hang.
public final class SelfTestHang: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "selftest-hang", summary: "self-test: blocks forever on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, hidden: true)

  private let never = DispatchSemaphore(value: 0)

  public init(shape: TrialShape) {}

  public func write(_ step: Step) {
    if step.thread == 1 { never.wait() }
  }

  public func read(_ step: Step) -> String? { nil }
  public func check(writesPerThread: [Int]) -> Violations { Violations() }
}
