/// Traps on the first write of any thread, so it crashes even alone: a broken subject, whose
/// crash must be reported as `error`, never as a finding.
public final class SelfTestCrashAlone: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "selftest-crash-alone", summary: "self-test: traps on its first write, even alone",
    documented: .notListed, defaultReadRatio: 0, hidden: true)

  public init(shape: TrialShape) {}

  public func write(_ step: Step) {
    fatalError("selftest-crash-alone: deliberate trap")
  }

  public func read(_ step: Step) -> String? { nil }
  public func check(writesPerThread: [Int]) -> Violations { Violations() }
}
