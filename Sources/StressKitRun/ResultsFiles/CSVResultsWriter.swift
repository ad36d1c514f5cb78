import StressKitCore
import StressKitPlan

/// Writes one CSV row per trial the moment the trial ends.
package final class CSVResultsWriter: RunObserver {
  private let file: CSVFile
  private let environment: RunEnvironment
  private var plan: Plan?

  package var path: String { file.path }

  private let resuming: Bool

  /// Creates (or truncates) the file; throws if it cannot be opened. With `resuming`, appends
  /// to the whole rows of an interrupted run's file instead (see `ResumedRun`).
  package init(
    path: String, environment: RunEnvironment = .current, resuming: ResumedRun? = nil
  ) throws {
    file = try CSVFile(path: path, keeping: resuming?.wholeBytes)
    self.environment = environment
    self.resuming = resuming != nil
  }

  package func runStarted(_ plan: Plan) throws {
    self.plan = plan
    if !resuming { try file.append([ResultColumns.header]) }
  }

  package func trialFinished(_ record: TrialRecord) throws {
    guard let plan else { return }
    try file.append([ResultColumns.row(record, plan: plan, environment: environment)])
  }
}
