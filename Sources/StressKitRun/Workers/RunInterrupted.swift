import StressKitPlan
import StressPlatform

/// Thrown by `Scheduler.run` when an interruption stopped the run. Every trial finished before
/// it is already with the observers; the trial in flight was discarded.
package struct RunInterrupted: Error, Sendable {
  /// The signal that stopped the run.
  package var signal: Int32
  /// Trials finished (and kept) before it, resumed ones included.
  package var trialsDone: Int
  /// Trials the plan holds.
  package var trialsPlanned: Int
  /// The statistics of the cells with finished trials, for a partial summary.
  package var cells: [CellStatistics] = []
}
