import Foundation

/// The trial CSV's columns: fixed variables first, measures after, environment last.
/// `Results/README.md` documents each one; keep the two in step.
package enum ResultColumns {
  package static let header = [
    "run_id", "started_at", "suite", "mode", "subject", "documented", "sendable", "wrapper",
    "protected", "expectation",
    "driver", "threads", "readers", "writers", "read_ratio", "ops_limit", "seconds_limit",
    "stride", "yield_probability", "pinned", "instances", "burst", "warmup_trials", "forks",
    "shard",
    "trial", "seed",
    "outcome",
    "failures", "ops", "reads", "writes", "seconds", "ops_per_sec", "time_to_failure_ms",
    "tsan_reports", "detail",
    "toolchain", "os", "cpus",
  ]

  /// Columns later versions added, each with what an earlier file's trials had: such a file
  /// still reads (a nightly baseline from before them compares), the value filled in.
  package static let added = [(column: "burst", earlier: "0"), (column: "forks", earlier: "false")]

  /// The header of a file written before the columns `missing` (some of `added`).
  package static func header(without missing: [String]) -> [String] {
    header.filter { !missing.contains($0) }
  }

  package static func row(_ record: TrialRecord, plan: Plan, environment: RunEnvironment)
    -> [String]
  {
    let r = record.result
    let cell = record.cell
    // Tuning applies to the threads driver only; other rows record it as off.
    let tuning = cell.driver == .threads ? plan.tuning : .none
    return [
      plan.runID, timestamp(plan.startedAt), plan.suite, plan.mode.rawValue, cell.subject,
      cell.documented.rawValue, cell.sendable.map(String.init) ?? "", cell.wrapper,
      String(cell.isProtected), cell.expectation ?? "", cell.driver.rawValue,
      String(cell.threads), cell.readers.map(String.init) ?? "",
      cell.writers.map(String.init) ?? "", number(cell.readRatio),
      // With an ops bound, seconds_limit is the cap on protected cells' trials, if any.
      plan.bound.opsPerThread.map(String.init) ?? "",
      (plan.bound.seconds ?? plan.cap).map(number) ?? "",
      String(tuning.stride), number(tuning.yieldProbability), String(tuning.pin),
      String(tuning.instances), String(tuning.burst), String(plan.warmup), String(plan.forks),
      plan.shard?.description ?? "",
      String(record.trial), String(record.seed),
      r.outcome.rawValue,
      r.failures.map(String.init) ?? "", r.ops.map(String.init) ?? "",
      r.reads.map(String.init) ?? "", r.writes.map(String.init) ?? "",
      r.seconds.map { String(format: "%.9f", $0) } ?? "",
      r.opsPerSecond.map { String(format: "%.1f", $0) } ?? "",
      r.timeToFailureMs.map { String(format: "%.3f", $0) } ?? "",
      r.sanitizerReports.map(String.init) ?? "", r.detail, environment.toolchain, environment.os,
      String(environment.cpus),
    ]
  }

  /// ISO 8601 in UTC, to the second.
  package static func timestamp(_ date: Date) -> String {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    f.timeZone = TimeZone(identifier: "UTC")
    return f.string(from: date)
  }

  package static func number(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
  }
}
