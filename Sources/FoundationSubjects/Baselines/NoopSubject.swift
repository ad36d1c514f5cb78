import StressKit

/// Does nothing: what it measures is the harness and the wrapper themselves.
package final class NoopSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "noop", summary: "does nothing: measures the harness and the wrapper",
    documented: .notListed)

  package init(shape: TrialShape) {}

  @inlinable
  package func write(_ step: Step) {}

  @inlinable
  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
