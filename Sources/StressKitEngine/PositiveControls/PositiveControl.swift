import StressKitCore

/// The positive control every run carries: a shared Int that every thread increments with no
/// protection, so increments are lost whenever two threads collide. It is run after the cells,
/// at their thread count, in the same worker and with the same budget (after each until it
/// holds `Plan.controlMinimum` trials there, then at most `Plan.controlShare` of their time);
/// how often it is caught is the run's measured power to see a race at those conditions (see
/// `ControlReading`).
///
/// Its failures are the expected kind (lost updates, never a damaged heap), so a corrupt
/// control trial does not retire the worker the way a cell's failure does.
package final class PositiveControl: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "positive-control",
    summary: "the run's positive control: an unprotected shared Int, increments only",
    documented: .unsafe, defaultReadRatio: 0, traits: [.hidden])

  // No dynamic exclusivity check: the lost update between threads is the point.
  @exclusivity(unchecked) private var value = 0

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    value &+= 1
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    let expected = writesPerThread.reduce(0, +)
    var violations = Violations()
    violations.add(
      count: abs(expected - value), "\(expected - value) of \(expected) increments lost")
    return violations
  }
}
