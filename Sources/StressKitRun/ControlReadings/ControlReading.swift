import StressKitCore
import StressKitPlan

/// How often the positive control was caught at one thread count: the run's measured power to
/// see a race like the control's (a lost update between threads) in those conditions.
package struct ControlReading: Sendable, Equatable {
  package var threads: Int
  package var trials: Int
  /// Control trials that ended corrupt (or crashed, or hung): races seen.
  package var caught: Int

  /// Below this share of control trials caught, the run was blind to races at these
  /// conditions: its "no failure seen" there is inconclusive. One miss among many trials is
  /// not blindness; missing most of them is.
  package static let minimumRate = 0.5

  package init(threads: Int, trials: Int, caught: Int) {
    self.threads = threads
    self.trials = trials
    self.caught = caught
  }

  package var rate: Double { trials == 0 ? 0 : Double(caught) / Double(trials) }

  /// Whether the run could have seen a race like the control's at these conditions.
  package var seesRaces: Bool { trials > 0 && rate >= Self.minimumRate }

  /// One reading per thread count the control ran at, from the control's cells among `cells`.
  package static func readings(_ cells: [CellStatistics]) -> [Int: ControlReading] {
    var readings: [Int: ControlReading] = [:]
    for s in cells where s.cell.isControl {
      let caught = [Outcome.corrupt, .crash, .hang].map { s.counts[$0] ?? 0 }.reduce(0, +)
      var reading =
        readings[s.cell.threads]
        ?? ControlReading(
          threads: s.cell.threads, trials: 0, caught: 0)
      reading.trials += s.trials
      reading.caught += caught
      readings[s.cell.threads] = reading
    }
    return readings
  }
}
