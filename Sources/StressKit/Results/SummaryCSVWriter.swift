/// Writes the per-cell summary CSV when the run ends (scaling and cost need every cell). The
/// file is opened, and its header written, when the run starts, so a bad path fails early.
public final class SummaryCSVWriter: RunObserver {
  private let file: CSVFile
  private let environment: RunEnvironment
  private var plan: Plan?

  public var path: String { file.path }

  public init(path: String, environment: RunEnvironment = .current) throws {
    file = try CSVFile(path: path, what: "the summary")
    self.environment = environment
  }

  public func runStarted(_ plan: Plan) throws {
    self.plan = plan
    try file.append([SummaryColumns.header])
  }

  public func runFinished(_ cells: [CellStatistics]) throws {
    guard let plan else { return }
    try file.append(cells.map { SummaryColumns.row($0, plan: plan, environment: environment) })
  }
}
