import StressKitCore

/// Allocates without bound on thread 1's first write, touching every page and keeping it: a
/// worker must be stopped by its memory limit (`--memory-limit`), not take the machine's.
package final class SelfTestAllocUnbounded: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-alloc-unbounded",
    summary: "self-test: allocates without bound on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  private var kept: [[UInt8]] = []

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    guard step.thread == 1 else { return }
    while true { kept.append([UInt8](repeating: 1, count: 16 << 20)) }
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
