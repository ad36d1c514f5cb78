import StressKitCore

/// Thrown by `Scheduler.run` when the harness itself failed: no worker could be started, or a
/// worker answered something it cannot have meant (garbage, impossible values). No row blames
/// the subject; every trial finished before it is already with the observers.
package struct HarnessFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong, in words.
  package var detail: String
  /// The cell whose trial could not be run.
  package var cell: Cell
  /// Trials finished (and kept) before it.
  package var trialsDone = 0
  /// Trials the plan holds.
  package var trialsPlanned = 0

  /// One sentence: the cell, then what went wrong.
  package var description: String {
    "the harness failed in \(cell.subject) / \(cell.wrapper) / \(cell.threads) threads: \(detail)"
  }
}
