import StressKitCore

/// Every read by thread 1 reports a violation: corrupt whenever two threads read.
package final class SelfTestCorrupt: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-corrupt", summary: "self-test: thread 1's reads always fail",
    documented: .notListed, defaultReadRatio: 1, traits: [.readOnly, .hidden])

  package init(shape: TrialShape) {}

  package func read(_ step: Step) -> String? {
    step.thread == 1 ? "deliberate violation #\(step.seq)" : nil
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
