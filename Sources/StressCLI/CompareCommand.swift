import Foundation
import StressKit
import StressReports

/// `stress compare`: a baseline run against a current one, for the nightly job.
struct CompareCommand: Subcommand {
  static let name = "compare"
  static let overview =
    "Compare two runs cell by cell: correctness changes and throughput changes beyond a threshold."
  static let usage = "stress compare <baseline.csv> <current.csv> [<options>]"
  static let arguments = [
    ("<baseline.csv>", "The trial CSV of the run to compare against."),
    ("<current.csv>", "The trial CSV of the run under test."),
  ]
  struct Arguments: CommandArguments {
    var threshold = 0.1
    var format = OutputFormat.text
    var files: [String] = []
    static var operands: WritableKeyPath<Self, [String]>? { \.files }

    func validate() throws(UsageError) {
      guard files.count == 2 else {
        throw UsageError(
          "Expected two results files, a baseline and a current run; got \(files.count).")
      }
    }
  }
  static var options: [Option<Arguments>] {
    [
      .value(
        "threshold", "<percent>",
        "A median throughput change beyond this is reported, as 10% or 10.", .percentage,
        to: \.threshold),
      .format(
        "text, markdown (for a CI summary page) or json.", allowing: [.text, .markdown, .json],
        to: \.format),
    ]
  }

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, arguments: arguments, options: optionSpecs,
      footer: """
        HOW CHANGES ARE JUDGED:
          News first: when the toolchain, the OS or the CPU count differs between the files,
          the report says so before anything else and lists each subject's verdict that changed
          (unsafe, no failure seen, inconclusive) under the heading of what changed.
          Correctness: a protected wrapper with any failing trial now is a regression; an
          unprotected cell whose verdict changed either way is reported as a change.
          Throughput, cell by cell: the change of the medians, beyond the threshold, confirmed
          by two tests. A two-sided Mann-Whitney U test on the trials, which needs 5 or more
          trials a side (the default mode's count; with fewer, a change is reported as
          inconclusive). And the noise between runs: a cell's trials come from one or two
          worker processes, so unchanged code moves cells between runs more than their trials
          show. With 20 or more matched cells, the median cell's change and the cells' scatter
          around it (1.4826 x the median absolute deviation of their log median ratios: a
          noise width) are measured on the runs themselves; a cell's distance from the median
          cell in noise widths (or in half its trials' range on a log scale, where wider: a
          cell whose trials span modes) gives a normal p-value. The larger of the two p goes
          through the Benjamini-Hochberg correction across every matched cell at a false
          discovery rate of 1% (q < 0.01). A protected wrapper markedly slower is a
          regression; an unprotected one, a change.
          Throughput, as a whole: the whole run (every matched cell) by a two-sided sign test
          on how many of its cells' medians fell and how many rose (exact binomial, ties left
          out), its size the geometric mean of the cells' median ratios; when the positive
          control, run beside the cells, moved alike (within the threshold of the run), it is
          the machine's speed and is reported as a change, not a regression. Each wrapper and
          each subject (its protected cells) beside the run: its cells' noise widths summed
          over the square root of their count (Stouffer's z), divided by its family's
          dispersion (the wrappers', the subjects': at least 1), its size the geometric mean
          of its cells' ratios to the median cell (a group of fewer than 5 cells is left to
          its cells); so a slower machine moves no wrapper, and a slower wrapper stands out.
          Holm's correction across the groups at p < 0.01, and the size must pass the
          threshold. A slower group is a regression, a faster one an improvement (the
          unprotected wrapper's, a change either way). This needs no number of trials a cell:
          a quick run of 1 or 2 trials a side is judged. Under 20 cells, wrappers and subjects
          take the sign test too.

        EXIT CODES:
          0   no regression
          1   at least one regression
          2   a results file is missing or is not a trial CSV
          64  bad command line
        """)
  }

  let catalog: Catalog
  let console: Console

  /// Refuses two runs of different strategies: a strategy's trials count schedules, not
  /// operations, and its verdicts rest on other evidence, so no cell of one matches the other's.
  static func sameStrategies(_ files: [ResultsFile]) throws(UsageError) {
    let strategies = files.map { file in
      Set(file.records.map { $0.cell.strategy?.argument ?? "stress" }).sorted()
    }
    guard strategies[0] != strategies[1] else { return }
    func words(_ names: [String]) -> String {
      names == ["stress"] ? "under stress" : "under --strategy " + names.joined(separator: ", ")
    }
    throw UsageError(
      "The baseline ran \(words(strategies[0])) and the current run \(words(strategies[1])): a "
        + "strategy's trials count schedules, not operations, so their cells cannot be compared. "
        + "Compare two runs of the same strategy.", usage: usage)
  }

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    // Standard output onto an input would append the comparison to the file it reads.
    try OutputPaths(inputs: parsed.files.map { ("the input", $0) }).check()
    let files = try ResultsInput.load(parsed.files)
    try Self.sameStrategies(files)
    let baseline = CellStatistics.compute(files[0].records)
    let current = CellStatistics.compute(files[1].records)
    let comparison = Comparison(baseline: baseline, current: current, threshold: parsed.threshold)
    // The verdicts are each run's digest's, as `stress report` of either file says them.
    let digests = [baseline, current].enumerated().map { i, cells in
      RunDigest(
        cells,
        context: RunDigest.Context(files: [files[i]], readSharing: catalog.readSharingWrappers))
    }
    let news = EnvironmentNews(
      baseline: files[0], current: files[1], baselineDigest: digests[0],
      currentDigest: digests[1])
    let report = ComparisonReport(
      comparison: comparison, news: news, baseline: files[0], current: files[1])
    switch parsed.format {
    case .text, .csv: console.out(report.text())
    case .markdown: console.out(report.markdown())
    case .json: console.out(report.json())
    }
    return comparison.passed ? .success : .failure
  }
}
