import Foundation
import StressKit

/// Crafted trial CSVs: rows written by the same code `stress run` uses, with the outcomes and
/// throughputs a test needs.
package enum ResultsFixtures {
  /// A cell of subject `s` at `threads` threads.
  package static func cell(_ wrapper: String, threads: Int = 2, subject: String = "s") -> Cell {
    Cell(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: 0.5,
      documented: .notListed, isProtected: wrapper != "unprotected")
  }

  /// A trial of `cell` that did `opsPerSecond` for one second, or ended with `outcome`.
  package static func trial(
    _ cell: Cell, _ trial: Int, opsPerSecond: Double = 1e6, outcome: Outcome = .ok
  ) -> TrialRecord {
    let finished = outcome == .ok || outcome == .corrupt
    var result = TrialResult(
      outcome: outcome, failures: finished ? (outcome == .ok ? 0 : 1) : nil,
      ops: finished ? Int(opsPerSecond) : nil, reads: finished ? Int(opsPerSecond) / 2 : nil,
      writes: finished ? Int(opsPerSecond) - Int(opsPerSecond) / 2 : nil,
      seconds: finished ? 1 : nil, detail: outcome == .ok ? "" : "\(outcome) in trial \(trial)")
    if outcome != .ok { result.timeToFailureMs = 1 }
    return TrialRecord(cell: cell, trial: trial, seed: UInt64(trial), result: result)
  }

  package static func plan(
    _ cells: [Cell], trials: Int, shard: Shard? = nil,
    startedAt: Date = Date(timeIntervalSince1970: 1_800_000_000)
  ) -> Plan {
    var plan = Plan(
      runID: "fixture", startedAt: startedAt, suite: "fixture",
      mode: .default, cells: cells, trials: trials, bound: .ops(1000), seed: 0, timeout: 10)
    plan.shard = shard
    return plan
  }

  /// The CSV text of `records`, as `stress run` writes it.
  package static func csv(
    _ records: [TrialRecord], shard: Shard? = nil, environment: RunEnvironment = .current,
    startedAt: Date = Date(timeIntervalSince1970: 1_800_000_000)
  ) -> String {
    var cells: [Cell] = []
    for r in records where !cells.contains(r.cell) { cells.append(r.cell) }
    let plan = plan(cells, trials: records.count, shard: shard, startedAt: startedAt)
    let rows = records.map { ResultColumns.row($0, plan: plan, environment: environment) }
    return ([ResultColumns.header] + rows).map(CSV.line).joined()
  }

  /// Writes `text` to a fresh file and returns its path.
  package static func write(_ text: String, name: String = "results.csv") throws -> String {
    let dir = try TestDirectory.make("stress-fixture")
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
