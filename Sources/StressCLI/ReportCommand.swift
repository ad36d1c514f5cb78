import Foundation
import StressKit

/// `stress report`: results files read back as the end-of-run summary, as JSON, or as one
/// self-contained HTML page with charts.
struct ReportCommand: Subcommand {
  static let name = "report"
  static let overview = "Summarize results files: tables, JSON, or an HTML page with charts."
  static let usage = "stress report <results.csv>... [--html <path>] [--format <format>]"
  static let arguments = [
    ("<results.csv>", "Trial CSVs written by 'stress run' (several: read as one, such as shards).")
  ]
  static let options: [OptionSpec] = [
    .value(
      "html", "<path>",
      "Write one self-contained HTML file (inline SVG charts, no network) instead of the tables."),
    .value("format", "<format>", "The summary on stdout: text or json.", default: "text"),
    .help,
  ]

  static var help: String {
    HelpText.render(overview: overview, usage: usage, arguments: arguments, options: options)
  }

  let console: Console

  func run(_ arguments: [String]) throws(UsageError) -> ExitCode {
    guard let parsed = try parse(arguments, takesOperands: true) else { return .success }
    let format = try parsed.format(allowing: [.text, .json], usage: Self.usage)
    if let html = parsed.string("html") {
      try OutputPaths.operands(parsed.positionals, output: ("'--html'", html))
        .check(usage: Self.usage)
    }
    guard let files = try results(parsed, missing: "No results file to report on.") else {
      return .harness
    }
    let cells = try ResultsInput.cells(files, usage: Self.usage)
    if let html = parsed.string("html") {
      let suites = Set(files.flatMap { $0.values("suite") }).sorted().joined(separator: ", ")
      let report = HTMLReport(
        title: "stress: \(suites)", sources: files.map { "\($0.path): \($0.overview)" },
        cells: cells)
      do {
        try ReportFile(path: html, what: "the HTML report").write(report.render())
      } catch {
        console.error("\(error)")
        return .harness
      }
      console.out("Wrote \(html)\n")
      return .success
    }
    switch format {
    case .json: console.out(SummaryDocument(cells: cells).json())
    default:
      let summary = RunSummary(cells: cells)
      console.out(summary.renderTables() + "\n" + summary.renderVerdict())
    }
    return .success
  }
}
