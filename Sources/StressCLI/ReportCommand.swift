import Foundation
import StressKit
import StressReports

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
    // One digest for every output: the run's own summary, read back.
    let digest = RunDigest(
      try ResultsInput.cells(files),
      context: RunDigest.Context(files: files, readSharing: catalog.readSharingWrappers))
    // Both reports' paths are checked before either is written.
    let junit = try parsed.junit.map { try JUnitWriter(path: $0) }
    let page = try parsed.html.map { try ReportFile(path: $0, what: "the HTML report") }
    let suites = Set(files.flatMap { $0.values("suite") }).sorted().joined(separator: ", ")
    try junit?.write(digest, name: "stress \(suites)")
    if let page {
      let report = HTMLReport(
        title: "stress: \(suites)", sources: files.map { "\($0.path): \($0.overview)" },
        digest: digest)
      try page.write(report.render())
      console.out("Wrote \(page.path)\(parsed.junit.map { " and \($0)" } ?? "")\n")
      return .success
    }
    switch parsed.format {
    case .json:
      console.out(SummaryDocument(digest).json())
    default:
      let summary = SummaryText(digest)
      console.out(summary.renderTables() + "\n" + summary.renderVerdict())
    }
    return .success
  }
}
