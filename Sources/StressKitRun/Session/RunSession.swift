import Foundation
import StressKitCore
import StressKitEngine
import StressKitPlan
import StressPlatform

/// One run from its options to how it ended, outside the command line: it resumes an
/// interrupted trial CSV (locked before it is read), plans the cells, checks the outputs
/// against the inputs and each other, refuses files another run holds, locks its own, writes
/// the trial CSV as trials finish, and has `Reports` (the summary CSV and JUnit, which the
/// reports module words) write theirs when the run ends. `stress run` parses its arguments,
/// makes a session, runs it and prints what it returns.
package final class RunSession<Reports: RunReports> {
  /// How a run ended.
  package enum Ending {
    /// Every trial ran; what its reports say.
    case finished(Reports.Summary)
    /// A signal stopped it; the trials done are kept, and what they say.
    case interrupted(RunInterrupted, Reports.Summary)
    /// The harness could not go on (a worker would not start); the trials done are kept.
    case harnessFailed(HarnessFailure)
  }

  package let plan: Plan
  /// The trial CSV and the summary CSV.
  package let path: String
  package let summaryPath: String
  /// Seconds an interrupted run already spent (0 for a fresh one).
  package let spent: Double
  private let completed: [TrialRecord]
  private let locks: [ResultsLock]
  private let results: CSVResultsWriter
  /// What the run writes when it ends; its `summary` is what `run` returns.
  package let reports: Reports

  /// Plans the run and takes its files, or says why not (`RunSessionFailure`) before anything
  /// of the user's is created, cut or locked, but for a resumed file's own lock.
  package convenience init(options: RunOptions, outputs: RunOutputs, catalog: Catalog)
    throws(RunSessionFailure)
  {
    do {
      try self.init(taking: options, outputs: outputs, catalog: catalog)
    } catch {
      throw RunSessionFailure(error)
    }
  }

  private init(taking options: RunOptions, outputs: RunOutputs, catalog: Catalog) throws {
    var options = options
    var resumed: ResumedRun?
    var locks: [ResultsLock] = []
    // A resumed file is locked before it is read, so two runs can never both think they
    // finish it.
    if outputs.resume, let out = outputs.out {
      try options.validate()
      if FileManager.default.fileExists(atPath: out) {
        locks.append(try ResultsLock(path: out, create: false))
      }
      let run = try ResumedRun.read(path: out)
      // The file's run goes on: its id, start and seed, unless the user names a seed.
      options.seed = options.seed ?? run.seed
      resumed = run
    }
    var plan = try Plan(options: options, catalog: catalog)
    var completed: [TrialRecord] = []
    var spent = 0.0
    if let resumed {
      plan.runID = resumed.runID
      plan.startedAt = resumed.startedAt
      completed = try resumed.records(for: plan)
      spent = resumed.spent
      try plan.checkTimeBudget(completed: completed, spent: spent)
    }
    let path =
      outputs.out ?? OutputPaths.defaultResults(for: plan, exists: FileManager.default.fileExists)
    let summaryPath = outputs.summaryOut ?? OutputPaths.summary(besides: path)
    var paths = OutputPaths()
    if let suite = plan.suitePath { paths.inputs.append(("the suite file", suite)) }
    // A path the user did not type is named for what it is.
    paths.outputs = [
      (outputs.out == nil ? "the results file" : "'--out'", path),
      (outputs.summaryOut == nil ? "the summary file" : "'--summary-out'", summaryPath),
    ]
    if let junit = outputs.junit { paths.outputs.append(("'--junit'", junit)) }
    if outputs.out == nil { paths.creating = (path as NSString).deletingLastPathComponent }
    try paths.check()
    // Another run's files are refused before this one creates, cuts or locks any of its own.
    // (A resumed file's own lock is this process's: refuseIfHeld passes it.)
    for output in paths.outputs { try ResultsLock.refuseIfHeld(output.path) }
    if outputs.out == nil {
      try Platform.makeDirectories((path as NSString).deletingLastPathComponent)
    }
    if locks.isEmpty { locks.append(try ResultsLock(path: path, create: true)) }
    // The summary is written in place at the end: it is held from the start too.
    locks.append(try ResultsLock(path: summaryPath, create: true))
    reports = try Reports(
      plan: plan, catalog: catalog, summaryPath: summaryPath, junitPath: outputs.junit)
    results = try CSVResultsWriter(path: path, resuming: resumed)
    self.plan = plan
    self.path = path
    self.summaryPath = summaryPath
    self.spent = spent
    self.completed = completed
    self.locks = locks
  }

  /// Runs the plan's trials, the files' writers and `observers` (a progress display) told of
  /// each, until the end, a signal or a harness failure.
  /// Throws `RunSessionFailure.io` if a file could not be written as trials finished.
  package func run(observers: [any RunObserver] = []) throws(RunSessionFailure) -> Ending {
    do {
      _ = try withExtendedLifetime(locks) { () throws -> [CellStatistics] in
        let scheduler = Scheduler(plan: plan)
        scheduler.detail = Reports.detail
        return try scheduler.run(
          observers: [results, reports] + observers, interruption: .process,
          completed: completed, spent: spent)
      }
      return .finished(reports.summary)
    } catch let stopped as RunInterrupted {
      return .interrupted(stopped, reports.summary)
    } catch let failure as HarnessFailure {
      return .harnessFailed(failure)
    } catch {
      throw RunSessionFailure(error)
    }
  }
}
