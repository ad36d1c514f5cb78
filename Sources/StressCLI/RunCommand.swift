import Foundation
import StressKit
import StressPlatform
import StressReports

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

  /// How far a stopped run got. Under a time budget the plan's trials are a minimum the run
  /// goes past, not a total: "169 of 16 trials" read as nonsense.
  static func trialsDone(_ done: Int, of planned: Int, budgeted: Bool) -> String {
    budgeted
      ? "\(done) trial\(done == 1 ? "" : "s") done (the time budget plans at least \(planned))"
      : "\(done) of \(planned) trials done"
  }

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    let session = try RunSession<RunReportFiles>(
      options: parsed.run,
      outputs: RunOutputs(
        out: parsed.out, summaryOut: parsed.summaryOut, junit: parsed.junit,
        resume: parsed.resume),
      catalog: catalog)
    let plan = session.plan
    let path = session.path
    let json = parsed.format == .json
    var progress: [any RunObserver] = []
    if !parsed.quiet {
      progress.append(
        ConsoleProgress(
          console: console, path: path, live: Platform.standardErrorIsTerminal,
          spent: session.spent))
    }
    func done(_ done: Int, of planned: Int) -> String {
      Self.trialsDone(done, of: planned, budgeted: plan.timeBudget != nil)
    }
    switch try session.run(observers: progress) {
    case .interrupted(let stopped, let digest):
      let name = stopped.signal == Platform.interruptSignal ? "SIGINT" : "SIGTERM"
      console.err(
        "Interrupted by \(name): \(done(stopped.trialsDone, of: stopped.trialsPlanned)) "
          + "and kept in \(path); the trial in flight was discarded.\n")
      if json {
        var document = SummaryDocument(digest, results: path, summary: session.summaryPath)
        document.interrupted = name
        document.passed = false
        console.out(document.json())
      }
      // The shells' convention: 128 + the signal's number.
      return stopped.signal == Platform.interruptSignal ? .interrupted : .terminated
    case .harnessFailed(let failure):
      console.error(
        "\(failure.description). \(done(failure.trialsDone, of: failure.trialsPlanned)) and kept "
          + "in \(path).")
      return .harness
    case .finished(let digest):
      if json {
        console.out(SummaryDocument(digest, results: path, summary: session.summaryPath).json())
      } else {
        console.out(
          parsed.quiet
            ? path + "\n"
            : SummaryText(digest).render(path: path, summaryPath: session.summaryPath))
      }
      return Self.exitCode(for: digest.grade)
    }
  }

  /// The digest's grade as the shell reads it: 2, 1 or 0.
  static func exitCode(for grade: RunDigest.Grade) -> ExitCode {
    switch grade {
    case .harnessFault: .harness
    case .failed: .failure
    case .passed: .success
    }
  }
}
