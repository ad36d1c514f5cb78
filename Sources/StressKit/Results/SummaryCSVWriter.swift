/// Writes the per-cell summary CSV when the run ends (scaling and cost need every cell). The
/// file is opened, and its header written, when the run starts, so a bad path fails early.
package final class SummaryCSVWriter: RunObserver {
  private let file: CSVFile
  private let environment: RunEnvironment
  private var plan: Plan?

  package var path: String { file.path }

  package init(path: String, environment: RunEnvironment = .current) throws {
    file = try CSVFile(path: path, what: "the summary")
    self.environment = environment
  }

  package func runStarted(_ plan: Plan) throws {
    self.plan = plan
    try file.append([SummaryColumns.header])
  }

  package func runFinished(_ cells: [CellStatistics]) throws {
    guard let plan else { return }
    let controls = ControlReading.readings(cells)
    try file.append(
      cells.map {
        SummaryColumns.row($0, plan: plan, environment: environment, controls: controls)
      })
  }
}
