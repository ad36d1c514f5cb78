import Foundation
import StressKitCore
import StressKitPlan

/// An interrupted run's trial CSV, read back so `--resume` can finish it: its whole rows, the
/// run's identity (id, start, seed), and the trials it already holds.
package struct ResumedRun: Sendable {
  package var path: String { file.path }
  package var runID: String
  package var startedAt: Date
  /// The run's base seed (a row's seed minus its trial).
  package var seed: UInt64
  /// Bytes up to the end of the last whole row; anything after it is cut before appending.
  package var wholeBytes: Int { file.wholeBytes }
  let file: ResultsFile

  /// Reads `path` through `ResultsFile`; refuses a file that is not a `stress run` trial CSV.
  package static func read(path: String) throws(PlanError) -> ResumedRun {
    let file: ResultsFile
    do {
      file = try ResultsFile.load(path)
    } catch {
      throw .cannotResume(path: nil, problem: .unreadable(error.description))
    }
    guard !file.isEarlierVersion else {
      throw .cannotResume(
        path: path, problem: .earlierVersion(missing: ResultColumns.added.map(\.column)))
    }
    guard let first = file.rows.first else {
      throw .nothingToResume(path: path)
    }
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    guard let started = f.date(from: file.value("started_at", in: first)) else {
      throw .cannotResume(path: path, problem: .noStart)
    }
    guard let seed = UInt64(file.value("seed", in: first)),
      let trial = Int(file.value("trial", in: first))
    else {
      throw .cannotResume(path: path, problem: .noSeed)
    }
    return ResumedRun(
      runID: file.value("run_id", in: first), startedAt: started,
      seed: seed &- UInt64(bitPattern: Int64(trial)), file: file)
  }

  /// Seconds the interrupted part ran: from its start to the file's last write. A resumed
  /// time budget gets what is left of it.
  package var spent: Double {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard let written = attributes?[.modificationDate] as? Date else { return 0 }
    return max(0, written.timeIntervalSince(startedAt))
  }

  /// The finished trials, matched to `plan`'s cells. Refuses, naming the first difference, a
  /// file written by a different plan.
  package func records(for plan: Plan) throws(PlanError) -> [TrialRecord] {
    var cells: [CellKey: Cell] = [:]
    for cell in plan.cells { cells[CellKey(cell)] = cell }
    if plan.control {
      for n in Set(plan.cells.map(\.threads)) where n > 1 {
        cells[CellKey(plan.controlCell(threads: n))] = plan.controlCell(threads: n)
      }
    }
    // Everything up to and including `seed` describes the plan, not the measurement. The
    // plan's digest is compared last: a column that differs (a strategy, a budget) says more.
    let described = ResultColumns.header.prefix { $0 != "outcome" }
    let fixed = described.filter { $0 != "plan" } + ["plan"]
    var records: [TrialRecord] = []
    var seen = Set<[String]>()
    for (index, (row, loaded)) in zip(file.rows, file.records).enumerated() {
      let line = index + 2
      func value(_ name: String) -> String { file.value(name, in: row) }
      guard let cell = cells[CellKey(loaded.cell)] else {
        throw .cannotResume(
          path: path,
          problem: .foreignCell(
            line: line, subject: value("subject"), wrapper: value("wrapper"),
            threads: value("threads")))
      }
      // The control's trials are numbered by visit, and a budget's cells get more trials.
      guard loaded.trial < plan.trials || cell.isControl || plan.timeBudget != nil else {
        throw .cannotResume(path: path, problem: .trialBeyondPlan(line: line, trial: loaded.trial))
      }
      let record = TrialRecord(
        cell: cell, trial: loaded.trial, seed: plan.seed(forTrial: loaded.trial),
        result: loaded.result)
      let expected = ResultRow(ResultColumns.row(record, plan: plan, environment: .current))
      for name in fixed where expected[name] != value(name) {
        if name == "plan", value(name) == plan.fingerprintWithTimeBudgetToggled {
          throw .cannotResume(path: path, problem: .timeBudget(started: plan.timeBudget == nil))
        }
        throw .cannotResume(
          path: path,
          problem: .differs(line: line, column: name, file: value(name), run: expected[name]))
      }
      guard seen.insert(CellKey(cell).fields + [value("trial")]).inserted else {
        throw .cannotResume(path: path, problem: .repeatedTrial(line: line))
      }
      records.append(record)
    }
    return records
  }
}
