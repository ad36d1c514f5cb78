import Foundation

/// An interrupted run's trial CSV, read back so `--resume` can finish it: its whole rows, the
/// run's identity (id, start, seed), and the trials it already holds.
public struct ResumedRun: Sendable {
  public var path: String
  public var runID: String
  public var startedAt: Date
  /// The run's base seed (a row's seed minus its trial).
  public var seed: UInt64
  /// Bytes up to the end of the last whole row; anything after it is cut before appending.
  public var wholeBytes: Int
  var rows: [[String]]

  /// Reads `path`; refuses a file that is not a `stress run` trial CSV.
  public static func read(path: String) throws(PlanError) -> ResumedRun {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PlanError("nothing to resume: cannot read '\(path)'")
    }
    let bytes = [UInt8](data)
    var whole = bytes.count
    // A row is whole once its CRLF is written; a torn last row is dropped.
    while whole > 0 && !(whole >= 2 && bytes[whole - 2] == 13 && bytes[whole - 1] == 10) {
      whole -= 1
    }
    let rows = CSV.parse(String(decoding: bytes[..<whole], as: UTF8.self))
    guard rows.first == ResultColumns.header else {
      throw PlanError("cannot resume '\(path)': it is not a trial CSV of this version of stress")
    }
    let body = Array(rows.dropFirst())
    guard let first = body.first else {
      throw PlanError("nothing to resume: '\(path)' holds no finished trial")
    }
    let column = Dictionary(
      uniqueKeysWithValues: ResultColumns.header.enumerated().map { ($1, $0) })
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    guard first.count == ResultColumns.header.count,
      let started = f.date(from: first[column["started_at"]!]),
      let seed = UInt64(first[column["seed"]!]), let trial = Int(first[column["trial"]!])
    else {
      throw PlanError("cannot resume '\(path)': its first row is malformed")
    }
    return ResumedRun(
      path: path, runID: first[column["run_id"]!], startedAt: started,
      seed: seed &- UInt64(bitPattern: Int64(trial)), wholeBytes: whole, rows: body)
  }

  /// The finished trials, matched to `plan`'s cells. Refuses, naming the first difference, a
  /// file written by a different plan.
  public func records(for plan: Plan) throws(PlanError) -> [TrialRecord] {
    let column = Dictionary(
      uniqueKeysWithValues: ResultColumns.header.enumerated().map { ($1, $0) })
    let identity = ["subject", "wrapper", "threads", "readers", "driver"]
    var cells: [[String]: Cell] = [:]
    for cell in plan.cells {
      let fake = TrialRecord(cell: cell, trial: 0, seed: 0, result: TrialResult(outcome: .ok))
      let row = ResultColumns.row(fake, plan: plan, environment: RunEnvironment.current)
      cells[identity.map { row[column[$0]!] }] = cell
    }
    // Everything up to and including `seed` describes the plan, not the measurement.
    let fixed = ResultColumns.header.prefix { $0 != "outcome" }
    var records: [TrialRecord] = []
    var seen = Set<[String]>()
    for (index, row) in rows.enumerated() {
      let line = index + 2
      guard row.count == ResultColumns.header.count else {
        throw PlanError("cannot resume '\(path)': row \(line) has \(row.count) fields")
      }
      func value(_ name: String) -> String { row[column[name]!] }
      guard let cell = cells[identity.map(value)] else {
        throw PlanError(
          "cannot resume '\(path)': row \(line) (\(value("subject")) / \(value("wrapper")) / "
            + "\(value("threads")) threads) is not a cell of this run")
      }
      guard let trial = Int(value("trial")), (0..<plan.trials).contains(trial),
        let outcome = Outcome(rawValue: value("outcome"))
      else {
        throw PlanError("cannot resume '\(path)': row \(line) has no valid trial and outcome")
      }
      var result = TrialResult(
        outcome: outcome, failures: Int(value("failures")), ops: Int(value("ops")),
        reads: Int(value("reads")), writes: Int(value("writes")),
        seconds: Double(value("seconds")), detail: value("detail"))
      result.timeToFailureMs = Double(value("time_to_failure_ms"))
      let record = TrialRecord(
        cell: cell, trial: trial, seed: plan.seed(forTrial: trial), result: result)
      let expected = ResultColumns.row(record, plan: plan, environment: .current)
      for name in fixed where expected[column[name]!] != value(name) {
        throw PlanError(
          "cannot resume '\(path)': row \(line) has \(name) '\(value(name))' where this run has "
            + "'\(expected[column[name]!])'")
      }
      guard seen.insert(identity.map(value) + [value("trial")]).inserted else {
        throw PlanError("cannot resume '\(path)': row \(line) repeats a trial")
      }
      records.append(record)
    }
    return records
  }
}
