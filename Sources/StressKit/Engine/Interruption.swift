import Synchronization

/// A request to stop a run early (SIGINT, SIGTERM), set from any thread, seen by the scheduler
/// between trials and by a waiting worker within 100 ms.
package final class Interruption: Sendable {
  private let signal = Atomic<Int32>(0)

  /// An interruption no one has asked for yet.
  package init() {}

  /// The process's own: SIGINT and SIGTERM land here once `Platform.recordInterrupts` ran.
  package static let process = Interruption()

  /// Asks to stop, naming the signal; the first request wins.
  package func request(_ signal: Int32) {
    _ = self.signal.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
  }

  /// The signal that asked to stop, if one did.
  package var requested: Int32? {
    let value = signal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}

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
