import Foundation
import StressKit
import StressPlatform

/// One run from its options to how it ended, outside the command line: it resumes an
/// interrupted trial CSV (locked before it is read), plans the cells, checks the outputs
/// against the inputs and each other, refuses files another run holds, locks its own, and
/// writes the trial CSV, the summary CSV and JUnit as trials finish. `stress run` parses its
/// arguments, makes a session, runs it and prints what it returns.
package final class RunSession {
  /// Where the run writes, as the user named it.
  package struct Outputs: Sendable {
    /// The trial CSV; nil: a fresh name under `Results/`.
    package var out: String?
    /// The per-cell summary CSV; nil: beside the trial CSV.
    package var summaryOut: String?
    package var junit: String?
    /// Go on with `out`, an interrupted run's file.
    package var resume = false

    package init(
      out: String? = nil, summaryOut: String? = nil, junit: String? = nil, resume: Bool = false
    ) {
      self.out = out
      self.summaryOut = summaryOut
      self.junit = junit
      self.resume = resume
    }
  }

  /// How a run ended.
  package enum Ending {
    /// Every trial ran; what its reports say.
    case finished(RunDigest)
    /// A signal stopped it; the trials done are kept, and what they say.
    case interrupted(RunInterrupted, RunDigest)
    /// The harness could not go on (a worker would not start); the trials done are kept.
    case harnessFailed(HarnessFailure)
  }

  /// Why a session will not start, or could not go on, by kind: the command line words each
  /// and chooses its exit code.
  package enum Failure: Error, CustomStringConvertible {
    /// The options, the suite, or a resume that does not fit them.
    case plan(PlanError)
    /// An output that is an input or another output.
    case conflict(OutputPaths.Conflict)
    /// An output that cannot be written there (a directory, a pseudo-filesystem).
    case unwritable(OutputPaths.Unwritable)
    /// Another run holds one of the files.
    case busy(ResultsLock.Busy)
    /// A file that could not be read, made or written.
    case io(any Error)

    init(_ error: any Error) {
      switch error {
      case let error as PlanError: self = .plan(error)
      case let error as OutputPaths.Conflict: self = .conflict(error)
      case let error as OutputPaths.Unwritable: self = .unwritable(error)
      case let error as ResultsLock.Busy: self = .busy(error)
      default: self = .io(error)
      }
    }

    /// The error the session met.
    package var underlying: any Error {
      switch self {
      case .plan(let error): error
      case .conflict(let error): error
      case .unwritable(let error): error
      case .busy(let error): error
      case .io(let error): error
      }
    }

    package var description: String { "\(underlying)" }
  }

  package let plan: Plan
  /// The trial CSV and the summary CSV.
  package let path: String
  package let summaryPath: String
  /// Seconds an interrupted run already spent (0 for a fresh one).
  package let spent: Double
  private let completed: [TrialRecord]
  private let locks: [ResultsLock]
  private let writers: [any RunObserver]
  private let reports: Reports

  /// Plans the run and takes its files, or says why not (`Failure`) before anything of the
  /// user's is created, cut or locked, but for a resumed file's own lock.
  package convenience init(options: RunOptions, outputs: Outputs, catalog: Catalog)
    throws(Failure)
  {
    do {
      try self.init(taking: options, outputs: outputs, catalog: catalog)
    } catch {
      throw Failure(error)
    }
  }

  private init(taking options: RunOptions, outputs: Outputs, catalog: Catalog) throws {
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
    let path = outputs.out ?? Self.defaultPath(for: plan, exists: FileManager.default.fileExists)
    let summaryPath = outputs.summaryOut ?? Self.summaryPath(besides: path)
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
    reports = Reports(
      plan: plan, readSharing: catalog.readSharingWrappers,
      summary: try SummaryCSVWriter(path: summaryPath),
      junit: try outputs.junit.map { try JUnitWriter(path: $0) })
    writers = [try CSVResultsWriter(path: path, resuming: resumed), reports]
    self.plan = plan
    self.path = path
    self.summaryPath = summaryPath
    self.spent = spent
    self.completed = completed
    self.locks = locks
  }

  /// Runs the plan's trials, the files' writers and `observers` (a progress display) told of
  /// each, until the end, a signal or a harness failure.
  /// Throws `Failure.io` if a file could not be written as trials finished.
  package func run(observers: [any RunObserver] = []) throws(Failure) -> Ending {
    do {
      _ = try withExtendedLifetime(locks) {
        try Scheduler(plan: plan).run(
          observers: writers + observers, interruption: .process, completed: completed,
          spent: spent)
      }
      return .finished(reports.digest ?? RunDigest([], context: reports.context))
    } catch let stopped as RunInterrupted {
      return .interrupted(stopped, reports.digest ?? RunDigest([], context: reports.context))
    } catch let failure as HarnessFailure {
      return .harnessFailed(failure)
    } catch {
      throw Failure(error)
    }
  }

  /// `Results/<suite>-<UTC timestamp>.csv`, with `-2`, `-3`... if a run in the same second
  /// already took that name: a default never overwrites earlier results.
  package static func defaultPath(for plan: Plan, exists: (String) -> Bool) -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let stem =
      "Results/\(plan.suite.replacingOccurrences(of: "/", with: "_"))-\(f.string(from: plan.startedAt))"
    var path = stem + ".csv"
    var n = 1
    while exists(path) {
      n += 1
      path = "\(stem)-\(n).csv"
    }
    return path
  }

  /// `x.csv` -> `x-summary.csv`.
  package static func summaryPath(besides path: String) -> String {
    (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + "-summary.csv"
  }

  /// The files written when the run ends, the summary CSV and JUnit, from one digest of its
  /// cells: the one the session returns, so the console says what the files say.
  private final class Reports: RunObserver {
    let plan: Plan
    let context: RunDigest.Context
    let summary: SummaryCSVWriter
    let junit: JUnitWriter?
    private(set) var digest: RunDigest?

    init(plan: Plan, readSharing: Set<String>, summary: SummaryCSVWriter, junit: JUnitWriter?) {
      self.plan = plan
      context = RunDigest.Context(plan: plan, readSharing: readSharing)
      self.summary = summary
      self.junit = junit
    }

    func runFinished(_ cells: [CellStatistics]) throws {
      let digest = RunDigest(cells, context: context)
      self.digest = digest
      try summary.write(digest, plan: plan)
      try junit?.write(digest, name: "stress \(plan.suite)")
    }
  }
}
