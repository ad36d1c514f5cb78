import StressKit

/// A shared integer: writes increment, reads load. Unprotected increments lose updates.
package final class CounterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "counter", summary: "a shared Int: increment, load (a lock's bare cost)",
    documented: .notListed, sendable: Sendability.of(Int.self))

  private let shape: TrialShape
  // No dynamic exclusivity check: it is per thread (it catches no race between threads) and
  // would cost more than the locks this subject exists to measure.
  @exclusivity(unchecked) private var value = 0

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    value &+= 1
  }

  package func read(_ step: Step) -> String? {
    let seen = value
    let most = shape.opsPerThread.map { $0 * shape.threads } ?? Int.max
    return (0...most).contains(seen) ? nil : "counter read \(seen), outside 0...\(most)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    let expected = writesPerThread.reduce(0, +)
    var violations = Violations()
    violations.add(
      count: abs(expected - value),
      "counter is \(value) after \(expected) increments (\(expected - value) lost)")
    return violations
  }
}
