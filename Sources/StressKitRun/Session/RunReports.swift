import StressKitCore
import StressKitEngine
import StressKitPlan

/// What a run writes when it ends, beside its trial CSV (the per-cell summary, JUnit): made by
/// `RunSession` once its paths are checked and its files locked, and told of the run like any
/// observer. The reports module words them; the session only owns where they go and when.
package protocol RunReports: RunObserver {
  /// What the reports made of the run: the session returns it, so its caller prints what the
  /// files say.
  associatedtype Summary
  /// `junitPath`: JUnit's file, when one was asked for.
  init(plan: Plan, catalog: Catalog, summaryPath: String, junitPath: String?) throws
  /// The run's summary: of its cells once it ended, early or not; of none before.
  var summary: Summary { get }
  /// A trial's detail, its finding worded (`Scheduler.detail`).
  static func detail(_ spec: TrialSpec, _ result: TrialResult) -> String
}
