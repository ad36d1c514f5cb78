import Foundation
import StressKit

/// `stress run`: plan the cells, run them in workers, write the CSV, print the summary.
struct RunCommand: Subcommand {
  static let name = "run"
  static let overview = "Run a suite or a list of subjects and write a CSV row for every trial."
  static let usage = "stress run (--suite <suite> | --subjects <ids>) [<options>]"
  static let options: [OptionSpec] = [
    .value("suite", "<suite>", "A suite name (a file in Suites/) or the path to a suite file."),
    .value(
      "subjects", "<ids>",
      "Comma-separated subject ids (a repeat is folded into one). Without --suite, runs them with default settings; with it, replaces the suite's subjects."
    ),
    .value(
      "wrappers", "<ids>", "Comma-separated wrapper ids (a repeat is folded into one).",
      default: "the suite's, else all"),
    .value(
      "threads", "<counts>",
      "Comma-separated thread counts, each 1 to \(Suite.maxThreads) (a repeat is folded into one).",
      default: "the suite's, else 1,2,4,8"),
    .value("trials", "<n>", "Trials per cell.", default: "from --mode"),
    .value("ops", "<n>", "Operations per thread in each trial.", default: "from --mode"),
    .value("duration", "<seconds>", "Seconds per trial, instead of a number of operations."),
    .value(
      "read-ratio", "<ratio>", "The share of operations that are reads, 0 to 1.",
      default: "the suite's, else each subject's"),
    .value(
      "seed", "<n>", "Seed of the operation streams; trial k of every cell uses seed + k.",
      default: "random, recorded in the CSV"),
    .value(
      "timeout", "<seconds>",
      "Seconds a trial may run before it counts as a hang and its worker is killed.",
      default: "from --mode, plus --duration"),
    .value(
      "mode", "<mode>",
      "Budget preset: quick (collections in under 30 s), default (under 3 min) or tough.",
      default: "default"),
    .value(
      "readers", "<n>",
      "Threads that only read; with --writers, replaces --threads and --read-ratio (JMH's thread groups)."
    ),
    .value("writers", "<n>", "Threads that only write; goes with --readers."),
    .value(
      "warmup", "<n>",
      "Trials per cell run first and discarded, so measured trials find a warm process.",
      default: "from --mode: 0, 1 or 2"),
    .value(
      "stride", "<n>",
      "Make all threads meet at a checkpoint every n operations, so they collide often.",
      default: "0, off"),
    .value(
      "perturb-yield", "<p>", "Probability of a seeded sched_yield() after each operation, 0 to 1.",
      default: "0, off"),
    .flag(
      "no-pin",
      "Do not pin thread k to the k-th allowed CPU (pinning is on by default, Linux only)."),
    .value(
      "instances", "<n>",
      "Fresh subject instances per trial: the ops budget is split into n epochs, all threads on instance k in epoch k, so fresh-state races happen n times per trial.",
      default: "1"),
    .value(
      "driver", "<driver>",
      "threads (dedicated threads behind a start barrier) or dispatch-apply (the tutorials' concurrentPerform over writes, a baseline).",
      default: "threads"),
    .value(
      "out", "<path>", "The CSV file to write.", default: "Results/<suite>-<UTC timestamp>.csv"),
    .value(
      "summary-out", "<path>",
      "The per-cell summary CSV (percentiles, 99.9% CI, scaling, cost, detection rate).",
      default: "beside --out, as <name>-summary.csv"),
    .flag(
      "resume",
      "Finish an interrupted run into its --out file: its trials already there are not run again (the same options are needed; the seed is taken from the file)."
    ),
    .flag(
      "count-tsan-reports",
      "Count ThreadSanitizer reports per trial into tsan_reports (for a TSan build: scripts/tsan.sh)."
    ),
    .value(
      "shard", "<i>/<n>",
      "Run only shard i of n (1-based): every n-th cell from the i-th, for a CI matrix; join the files with 'stress merge'."
    ),
    .value("junit", "<path>", "Also write JUnit XML for CI dashboards (a testcase per cell)."),
    .value(
      "format", "<format>", "The end-of-run summary on stdout: text or json.", default: "text"),
    .flag(
      "quiet",
      "No progress and no summary: print only the path of the CSV (with --format json, only the JSON)."
    ),
    .help,
  ]

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, options: options,
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

  func run(_ arguments: [String]) throws(UsageError) -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    var options = try Self.options(from: parsed)
    let quiet = parsed.flags.contains("quiet")
    let json = try parsed.format(allowing: [.text, .json], usage: Self.usage) == .json
    var plan: Plan
    var resumed: ResumedRun?
    var completed: [TrialRecord] = []
    // The trial CSV is held for the whole run; a resumed one is locked before it is read, so
    // two runs can never both think they finish it.
    var lock: ResultsLock?
    do {
      if parsed.flags.contains("resume") {
        guard let out = parsed.string("out") else {
          throw UsageError(
            "'--resume' needs '--out <path>': the file to finish.", usage: Self.usage)
        }
        if FileManager.default.fileExists(atPath: out) {
          lock = try ResultsLock(path: out, create: false)
        }
        let run = try ResumedRun.read(path: out)
        // The file's run goes on: its id, start and seed, unless the user names a seed.
        options.seed = options.seed ?? run.seed
        resumed = run
      }
      plan = try Plan(options: options, catalog: catalog)
      if let resumed {
        plan.runID = resumed.runID
        plan.startedAt = resumed.startedAt
        completed = try resumed.records(for: plan)
      }
    } catch let error as PlanError where error.isRuntime {
      console.error(Self.capitalized(error.description))
      return .harness
    } catch let error as PlanError {
      throw UsageError("\(Self.capitalized(error.description))", usage: Self.usage)
    } catch let error as UsageError {
      throw error
    } catch let busy as ResultsLock.Busy {
      console.error(busy.description)
      return .harness
    } catch {
      console.error("\(error)")
      return .harness
    }
    let path =
      parsed.string("out") ?? Self.defaultPath(for: plan, exists: FileManager.default.fileExists)
    let summaryPath = parsed.string("summary-out") ?? Self.summaryPath(besides: path)
    var paths = OutputPaths()
    if let suite = plan.suitePath { paths.inputs.append(("the suite file", suite)) }
    paths.outputs = [("'--out'", path), ("'--summary-out'", summaryPath)]
    if let junit = parsed.string("junit") { paths.outputs.append(("'--junit'", junit)) }
    try paths.check(usage: Self.usage)
    // Another run's files are refused before this one creates, cuts or locks any of its own.
    do {
      // (A resumed file's own lock is this process's: refuseIfHeld passes it.)
      for output in paths.outputs { try ResultsLock.refuseIfHeld(output.path) }
    } catch {
      console.error("\(error)")
      return .harness
    }

    let writers: [any RunObserver]
    // The summary is written in place at the end: it is held from the start too.
    var summaryLock: ResultsLock?
    do {
      if parsed.string("out") == nil {
        try Platform.makeDirectories((path as NSString).deletingLastPathComponent)
      }
      if lock == nil { lock = try ResultsLock(path: path, create: true) }
      summaryLock = try ResultsLock(path: summaryPath, create: true)
      writers =
        [
          try CSVResultsWriter(path: path, resuming: resumed),
          try SummaryCSVWriter(path: summaryPath),
        ] + (try parsed.string("junit").map { [try JUnitWriter(path: $0)] } ?? [])
    } catch {
      console.error("\(error)")
      return .harness
    }
    var observers = writers
    if !quiet {
      observers.append(
        ConsoleProgress(console: console, path: path, live: Platform.standardErrorIsTerminal))
    }

    let cells: [CellStatistics]
    do {
      cells = try withExtendedLifetime((lock, summaryLock)) {
        try Scheduler(plan: plan).run(
          observers: observers, interruption: .process, completed: completed)
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
    } catch {
      console.error("\(error)")
      return .harness
    }
    if json {
      console.out(
        SummaryDocument(cells: cells, plan: plan, results: path, summary: summaryPath).json())
    } else {
      let summary = RunSummary(cells: cells)
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

  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
      + (text.hasSuffix(".") || text.hasSuffix(")") || text.hasSuffix("?") ? "" : ".")
  }
}
