import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Writes the per-cell summary CSV when the run ends (scaling and cost need every cell), whole:
/// to a temporary file beside it, renamed into place (`ReportFile`), so a full disk or a killed
/// run never leaves half a summary. Its path is checked when the run starts, so a bad one fails
/// before any trial.
package final class SummaryCSVWriter {
  private let file: ReportFile
  private let environment: RunEnvironment

  package var path: String { file.path }

  package init(path: String, environment: RunEnvironment = .current) throws {
    file = try ReportFile(path: path, what: "the summary")
    self.environment = environment
  }

  package func write(_ digest: RunDigest, plan: Plan) throws {
    let rows =
      [SummaryColumns.header]
      + digest.cells.map {
        SummaryColumns.row($0, plan: plan, environment: environment, controls: digest.control)
      }
    try file.write(rows.map(CSV.line).joined())
  }
}
