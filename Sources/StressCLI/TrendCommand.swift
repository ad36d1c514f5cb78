import StressKit
import StressReports

/// `stress trend`: several nights of the same plan, night by night, per cell and per subject.
struct TrendCommand: Subcommand {
  static let name = "trend"
  static let overview =
    "Several runs night by night: per cell the median throughput, per subject the verdict."
  static let usage = "stress trend <results.csv>... [--format <format>] [--html <path>]"
  static let arguments = [
    ("<results.csv>", "Trial CSVs, one per night (a sharded night merged first, 'stress merge').")
  ]
  struct Arguments: CommandArguments {
    var html: String?
    var format = OutputFormat.text
    var files: [String] = []
    static var operands: WritableKeyPath<Self, [String]>? { \.files }
  }
  static var options: [Option<Arguments>] {
    [
      .value(
        "html", "<path>",
        "Write one self-contained HTML page instead: per subject a small chart of each "
          + "wrapper's throughput night by night, and its verdict each night.", .text,
        to: \.html),
      .format(
        "text, csv (a row per cell per night) or json (a series per cell).",
        allowing: [.text, .csv, .json], to: \.format),
    ]
  }

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, arguments: arguments, options: optionSpecs,
      footer: """
        HOW TO READ IT:
          The nights are ordered by when each run started, whatever order the files are named
          in. A cell's value for a night is its median ops/s over that night's trials; '-'
          (null in JSON, no row in CSV) where it did not run, and an x after a night with a
          failing trial. A subject's verdict is 'unsafe', 'no failure seen' or 'inconclusive'
          (the positive control missed), from its unprotected trials at 2 or more threads,
          as 'stress verdicts' gives it. 'stress compare' judges two nights; this shows many.
        """)
  }

  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    // A page is one format: a --format beside it was silently ignored.
    if parsed.html != nil,
      arguments.contains(where: { $0 == "--format" || $0.hasPrefix("--format=") })
    {
      throw UsageError(
        "'--format' and '--html' do not go together: --html writes a page, --format what is "
          + "printed.", usage: Self.usage)
    }
    if let html = parsed.html {
      try OutputPaths.operands(parsed.files, output: ("'--html'", html)).check()
    }
    let files = try results(parsed.files, missing: "No results file to read.")
    // A night named twice (or two copies of one) would weigh twice in every series.
    var runs: [[Set<String>]: String] = [:]
    for file in files {
      let night = [Set(file.values("run_id")), Set(file.values("started_at"))]
      if let earlier = runs.updateValue(file.path, forKey: night) {
        throw ResultsFile.LoadError(.sameRun(path: file.path, earlier: earlier))
      }
    }
    let trend = Trend(files)
    if let html = parsed.html {
      let suites = Set(files.flatMap { $0.values("suite") }).sorted().joined(separator: ", ")
      try ReportFile(path: html, what: "the trend page").write(
        TrendPage(title: "stress trend: \(suites)", trend: trend).render())
      console.out("Wrote \(html)\n")
      return .success
    }
    switch parsed.format {
    case .csv: console.out(trend.csv())
    case .json: console.out(trend.json())
    default: console.out(trend.text())
    }
    return .success
  }
}
