import Foundation
import StressKitCore
import StressKitPlan

/// The summary CSV's columns: one row per cell. `Results/README.md` documents each one.
package enum SummaryColumns {
  package static let header = [
    "run_id", "started_at", "suite", "mode", "subject", "documented", "sendable", "wrapper",
    "protected", "expectation",
    "driver", "threads", "readers", "writers", "read_ratio", "trials", "warmup_trials", "shard",
    "ok",
    "corrupt", "crash", "hang", "error", "detection_rate", "median_time_to_failure_ms",
    "ops_per_sec_p0", "ops_per_sec_p25", "ops_per_sec_p50", "ops_per_sec_p75", "ops_per_sec_p90",
    "ops_per_sec_p100", "ops_per_sec_mean", "ops_per_sec_ci999_low", "ops_per_sec_ci999_high",
    "scaling_vs_1_thread", "cost_vs_unprotected_1_thread", "toolchain", "os", "cpus",
    "control_detection_rate", "worker_cpu_s", "worker_wall_s", "steal_s", "mean_run_queue",
    "mean_load_1m",
  ]

  /// The header before the machine's columns: a file with it is a summary too.
  package static let earlierHeader = Array(header.prefix(header.count - 5))

  /// `controls`: the positive control's readings by thread count (`ControlReading.readings`).
  package static func row(
    _ s: CellStatistics, plan: Plan, environment: RunEnvironment,
    controls: [Int: ControlReading] = [:]
  ) -> [String] {
    let c = s.cell
    func rate(_ x: Double?) -> String { x.map { String(format: "%.1f", $0) } ?? "" }
    func ratio(_ x: Double?) -> String { x.map { String(format: "%.4f", $0) } ?? "" }
    let fixed: [String] = [
      plan.runID, ResultColumns.timestamp(plan.startedAt), plan.suite, plan.mode.rawValue,
      c.subject, c.documented.rawValue, c.sendable.map(String.init) ?? "", c.wrapper,
      String(c.isProtected), c.expectation ?? "", c.driver.rawValue,
      String(c.threads), c.readers.map(String.init) ?? "", c.writers.map(String.init) ?? "",
      ResultColumns.number(c.readRatio), String(s.trials), String(plan.warmup),
      plan.shard?.description ?? "",
    ]
    let counts: [String] = Outcome.allCases.map { String(s.counts[$0] ?? 0) }
    let failure: [String] = [
      ratio(s.detectionRate), s.medianTimeToFailureMs.map { String(format: "%.3f", $0) } ?? "",
    ]
    let t = s.throughput
    let rates: [String] = [t?.p0, t?.p25, t?.p50, t?.p75, t?.p90, t?.p100, s.mean].map(rate)
    let spread: [String] = [
      rate(s.confidence999?.lowerBound), rate(s.confidence999?.upperBound), ratio(s.scaling),
      ratio(s.costVersusUnprotected),
    ]
    let machine: [String] = [environment.toolchain, environment.os, String(environment.cpus)]
    // Each cell's row carries the control's rate at its thread count: the power behind it.
    let power = [ratio(controls[c.threads]?.rate)]
    // The machine around the cell's trials: seconds summed, the run queue and load averaged.
    let m = s.machine
    let load = [m.workerCPUSeconds, m.wallSeconds, m.stealSeconds, m.meanRunQueue, m.meanLoad]
      .map { $0.map { String(format: "%.6f", $0) } ?? "" }
    return fixed + counts + failure + rates + spread + machine + power + load
  }
}
