import StressKitCore
import StressKitPlan

/// Receives a run's events in order. Sinks (CSV, console) are observers; none reaches back
/// into the engine. A throwing observer stops the run (e.g. the results disk is full).
package protocol RunObserver: AnyObject {
  func runStarted(_ plan: Plan) throws
  func cellStarted(_ cell: Cell, index: Int, of total: Int) throws
  /// A warmup trial ended; its result is discarded, but shown.
  func warmupFinished(_ cell: Cell, result: TrialResult) throws
  func trialFinished(_ record: TrialRecord) throws
  /// A cell's trials are done: its statistics, resumed trials included.
  func cellFinished(_ statistics: CellStatistics) throws
  /// The run ended (or was stopped): every cell with a finished trial, in plan order.
  func runFinished(_ cells: [CellStatistics]) throws
}

extension RunObserver {
  package func runStarted(_ plan: Plan) throws {}
  package func cellStarted(_ cell: Cell, index: Int, of total: Int) throws {}
  package func warmupFinished(_ cell: Cell, result: TrialResult) throws {}
  package func trialFinished(_ record: TrialRecord) throws {}
  package func cellFinished(_ statistics: CellStatistics) throws {}
  package func runFinished(_ cells: [CellStatistics]) throws {}
}
