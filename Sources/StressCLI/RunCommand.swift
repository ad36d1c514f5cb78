import Foundation
import StressKit

/// `stress run`: plan the cells, run them in workers, write the CSV, print the summary.
struct RunCommand: Subcommand {
  static let name = "run"
  static let overview = "Run a suite or a list of subjects and write a CSV row for every trial."
  static let usage = "stress run (--suite <suite> | --subjects <ids>) [<options>]"
  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, options: optionSpecs,
      footer: """
        EXIT CODES:
          0   every protected wrapper passed every trial (unprotected failures are findings)
          1   a protected wrapper failed a trial, or a subject is broken
          2   the harness could not run (a worker would not start, results could not be written)
          64  bad command line or suite file
          130 stopped by SIGINT, 143 by SIGTERM (finished trials are kept)
        """)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    var options = parsed.run
    let quiet = parsed.quiet
    let json = parsed.format == .json
    var resumed: ResumedRun?
    var completed: [TrialRecord] = []
    // The trial CSV is held for the whole run; a resumed one is locked before it is read, so
    // two runs can never both think they finish it.
    var lock: ResultsLock?
    if parsed.resume, let out = parsed.out {
      try options.validate()
      if FileManager.default.fileExists(atPath: out) {
        lock = try ResultsLock(path: out, create: false)
      }
      let run = try ResumedRun.read(path: out)
      // The file's run goes on: its id, start and seed, unless the user names a seed.
      options.seed = options.seed ?? run.seed
      resumed = run
    }
    var plan = try Plan(options: options, catalog: catalog)
    var spent = 0.0
    if let resumed {
      plan.runID = resumed.runID
      plan.startedAt = resumed.startedAt
      completed = try resumed.records(for: plan)
      spent = resumed.spent
      try plan.checkTimeBudget(completed: completed, spent: spent)
    }
    let path = parsed.out ?? Self.defaultPath(for: plan, exists: FileManager.default.fileExists)
    let summaryPath = parsed.summaryOut ?? Self.summaryPath(besides: path)
    var paths = OutputPaths()
    if let suite = plan.suitePath { paths.inputs.append(("the suite file", suite)) }
    paths.outputs = [("'--out'", path), ("'--summary-out'", summaryPath)]
    if let junit = parsed.junit { paths.outputs.append(("'--junit'", junit)) }
    try paths.check(usage: Self.usage)
    // Another run's files are refused before this one creates, cuts or locks any of its own.
    // (A resumed file's own lock is this process's: refuseIfHeld passes it.)
    for output in paths.outputs { try ResultsLock.refuseIfHeld(output.path) }

    if parsed.out == nil {
      try Platform.makeDirectories((path as NSString).deletingLastPathComponent)
    }
    if lock == nil { lock = try ResultsLock(path: path, create: true) }
    // The summary is written in place at the end: it is held from the start too.
    let summaryLock = try ResultsLock(path: summaryPath, create: true)
    let writers: [any RunObserver] =
      [
        try CSVResultsWriter(path: path, resuming: resumed),
        try SummaryCSVWriter(path: summaryPath),
      ] + (try parsed.junit.map { [try JUnitWriter(path: $0)] } ?? [])
    var observers = writers
    if !quiet {
      observers.append(
        ConsoleProgress(
          console: console, path: path, live: Platform.standardErrorIsTerminal, spent: spent))
    }

    let cells: [CellStatistics]
    do {
      cells = try withExtendedLifetime((lock, summaryLock)) {
        try Scheduler(plan: plan).run(
          observers: observers, interruption: .process, completed: completed, spent: spent)
      }
    } catch let stopped as RunInterrupted {
      let name = stopped.signal == Platform.interruptSignal ? "SIGINT" : "SIGTERM"
      console.err(
        "Interrupted by \(name): \(stopped.trialsDone) of \(stopped.trialsPlanned) trials done "
          + "and kept in \(path); the trial in flight was discarded.\n")
      if json {
        var document = SummaryDocument(
          cells: stopped.cells, plan: plan, results: path, summary: summaryPath)
        document.interrupted = name
        document.passed = false
        console.out(document.json())
      }
      // The shells' convention: 128 + the signal's number.
      return stopped.signal == Platform.interruptSignal ? .interrupted : .terminated
    } catch let failure as HarnessFailure {
      console.error(
        "\(failure.description). \(failure.trialsDone) of \(failure.trialsPlanned) trials done "
          + "and kept in \(path).")
      return .harness
    }
    if json {
      console.out(
        SummaryDocument(
          cells: cells, plan: plan, results: path, summary: summaryPath,
          readSharing: catalog.readSharingWrappers
        ).json())
    } else {
      let summary = RunSummary(
        cells: cells, mode: plan.mode.rawValue, cores: RunEnvironment.current.cpus,
        readSharing: catalog.readSharingWrappers)
      console.out(quiet ? path + "\n" : summary.render(path: path, summaryPath: summaryPath))
    }
    return Self.exitCode(for: cells)
  }

  /// 2 if the harness failed a trial, 1 if a protected wrapper failed or a subject is broken.
  static func exitCode(for cells: [CellStatistics]) -> ExitCode {
    if cells.contains(where: { $0.harnessFaults > 0 }) { return .harness }
    return cells.contains(where: { $0.failingTrials > 0 }) ? .failure : .success
  }

  /// `Results/<suite>-<UTC timestamp>.csv`, with `-2`, `-3`... if a run in the same second
  /// already took that name: a default never overwrites earlier results.
  static func defaultPath(for plan: Plan, exists: (String) -> Bool) -> String {
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
  static func summaryPath(besides path: String) -> String {
    (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + "-summary.csv"
  }

}
