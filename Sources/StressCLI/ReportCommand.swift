import Foundation
import StressKit

/// `stress report`: results files read back as the end-of-run summary, as JSON, or as one
/// self-contained HTML page with charts.
struct ReportCommand: Subcommand {
  static let name = "report"
  static let overview = "Summarize results files: tables, JSON, or an HTML page with charts."
  static let usage =
    "stress report <results.csv>... [--html <path>] [--junit <path>] [--format <format>]"
  static let arguments = [
    ("<results.csv>", "Trial CSVs written by 'stress run' (several: read as one, such as shards).")
  ]
  struct Arguments: CommandArguments {
    var html: String?
    var junit: String?
    var format = OutputFormat.text
    var files: [String] = []
    static var operands: WritableKeyPath<Self, [String]>? { \.files }
  }
  static var options: [Option<Arguments>] {
    [
      .value(
        "html", "<path>",
        "Write one self-contained HTML file (inline SVG charts, no network) instead of the tables.",
        .text, to: \.html),
      .value(
        "junit", "<path>",
        "Also write JUnit XML, as 'stress run --junit' does (for merged shards, in CI).", .text,
        to: \.junit),
      .format("The summary on stdout: text or json.", to: \.format),
    ]
  }

  static var help: String {
    HelpText.render(overview: overview, usage: usage, arguments: arguments, options: optionSpecs)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    var paths = OutputPaths(inputs: parsed.files.map { ("the input", $0) }, outputs: [])
    if let html = parsed.html { paths.outputs.append(("'--html'", html)) }
    if let junit = parsed.junit { paths.outputs.append(("'--junit'", junit)) }
    try paths.check()
    let files = try results(parsed.files, missing: "No results file to report on.")
    let cells = try ResultsInput.cells(files)
    // The run's mode and cores, for the recommendations, where every file agrees on them.
    func shared(_ column: String) -> String? {
      let values = Set(files.flatMap { $0.values(column) })
      return values.count == 1 ? values.first : nil
    }
    // Both reports' paths are checked before either is written.
    let junit = try parsed.junit.map { try ReportFile(path: $0, what: "JUnit XML") }
    let page = try parsed.html.map { try ReportFile(path: $0, what: "the HTML report") }
    let suites = Set(files.flatMap { $0.values("suite") }).sorted().joined(separator: ", ")
    try junit?.write(JUnitWriter.render(cells, name: "stress \(suites)"))
    let mode = shared("mode")
    let cores = shared("cpus").flatMap { Int($0) }
    if let page {
      let report = HTMLReport(
        title: "stress: \(suites)", sources: files.map { "\($0.path): \($0.overview)" },
        cells: cells, mode: mode, cores: cores, readSharing: catalog.readSharingWrappers)
      try page.write(report.render())
      console.out("Wrote \(page.path)\(junit.map { " and \($0.path)" } ?? "")\n")
      return .success
    }
    switch parsed.format {
    case .json:
      console.out(
        SummaryDocument(
          cells: cells, mode: mode, cores: cores, readSharing: catalog.readSharingWrappers
        ).json())
    default:
      let summary = RunSummary(
        cells: cells, mode: mode, cores: cores,
        strategy: shared("strategy").flatMap { $0 == "stress" ? nil : $0 },
        readSharing: catalog.readSharingWrappers)
      console.out(summary.renderTables() + "\n" + summary.renderVerdict())
    }
    return .success
  }
}
