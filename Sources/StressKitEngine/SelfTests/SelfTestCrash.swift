import StressKitCore

/// Traps (a Swift runtime error) on thread 1's first write: needs two threads, so the
/// single-threaded sanity pass succeeds and the crash is a finding.
package final class SelfTestCrash: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-crash", summary: "self-test: traps on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    if step.thread == 1 { fatalError("selftest-crash: deliberate trap") }
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
