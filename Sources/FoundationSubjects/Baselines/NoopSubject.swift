import StressKit

/// Does nothing: what it measures is the harness and the wrapper themselves.
public final class NoopSubject: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "noop", summary: "does nothing: measures the harness and the wrapper",
    documented: .notListed)

  public init(shape: TrialShape) {}

  @inlinable
  public func write(_ step: Step) {}

  @inlinable
  public func read(_ step: Step) -> String? { nil }

  public func check(writesPerThread: [Int]) -> Violations { Violations() }
}
