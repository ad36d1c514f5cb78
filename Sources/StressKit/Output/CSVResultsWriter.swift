/// Writes one CSV row per trial the moment the trial ends.
public final class CSVResultsWriter: RunObserver {
  private let file: CSVFile
  private let environment: RunEnvironment
  private var plan: Plan?

  public var path: String { file.path }

  /// Creates (or truncates) the file; throws if it cannot be opened.
  public init(path: String, environment: RunEnvironment = .current) throws {
    file = try CSVFile(path: path)
    self.environment = environment
  }

  public func runStarted(_ plan: Plan) throws {
    self.plan = plan
    try file.append([ResultColumns.header])
  }

  public func trialFinished(_ record: TrialRecord) throws {
    guard let plan else { return }
    try file.append([ResultColumns.row(record, plan: plan, environment: environment)])
  }
}
