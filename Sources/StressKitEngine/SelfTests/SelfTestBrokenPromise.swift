import StressKitCore

/// Declares it never fails unprotected, then fails whenever two threads read: a subject that
/// breaks its own expectation, so the tests can see the run fail and say which one broke.
package final class SelfTestBrokenPromise: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-broken-promise", summary: "self-test: promises never to fail, then does",
    documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "self-test: it promises never to fail")],
    defaultReadRatio: 1, traits: [.readOnly, .hidden])

  package init(shape: TrialShape) {}

  package func read(_ step: Step) -> String? {
    step.thread == 1 ? "deliberate violation #\(step.seq)" : nil
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
