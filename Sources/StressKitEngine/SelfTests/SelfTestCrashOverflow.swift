import StressKitCore

/// Overflows an `Int` on thread 1's first write: a Swift runtime check that traps without
/// printing a word, so the crash's message must come from the debug information.
package final class SelfTestCrashOverflow: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-crash-overflow",
    summary: "self-test: an arithmetic overflow on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  // Not a constant, so the compiler cannot see the overflow coming and refuse it.
  private var total = Int.max - 1

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    if step.thread == 1 { total += 2 }
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
