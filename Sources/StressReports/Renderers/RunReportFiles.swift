import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The files `stress run` writes when a run ends, the summary CSV and JUnit, from one digest
/// of its cells: the one its session returns, so the console says what the files say.
package final class RunReportFiles: RunReports {
  let plan: Plan
  let context: RunDigest.Context
  let summaryFile: SummaryCSVWriter
  let junit: JUnitWriter?
  private var digest: RunDigest?

  package static func detail(_ spec: TrialSpec, _ result: TrialResult) -> String {
    FindingText.command(for: spec).detail(result)
  }

  package init(plan: Plan, catalog: Catalog, summaryPath: String, junitPath: String?) throws {
    self.plan = plan
    context = RunDigest.Context(plan: plan, readSharing: catalog.readSharingWrappers)
    summaryFile = try SummaryCSVWriter(path: summaryPath)
    junit = try junitPath.map { try JUnitWriter(path: $0) }
  }

  /// The digest of the run's cells; of none if it ended before any finished.
  package var summary: RunDigest { digest ?? RunDigest([], context: context) }

  package func runFinished(_ cells: [CellStatistics]) throws {
    let digest = RunDigest(cells, context: context)
    self.digest = digest
    try summaryFile.write(digest, plan: plan)
    try junit?.write(digest, name: "stress \(plan.suite)")
  }
}
