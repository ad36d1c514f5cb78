import StressKitCore

/// Traps on the first write of any thread, so it crashes even alone: a broken subject, whose
/// crash must be reported as `error`, never as a finding.
package final class SelfTestCrashAlone: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-crash-alone", summary: "self-test: traps on its first write, even alone",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    fatalError("selftest-crash-alone: deliberate trap")
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
