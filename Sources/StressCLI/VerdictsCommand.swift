import StressKit
import StressReports

/// `stress verdicts`: per subject, what is documented, whether the type is Sendable, and what
/// its unprotected trials showed, from results files.
struct VerdictsCommand: Subcommand {
  static let name = "verdicts"
  static let overview =
    "Per subject: documented safety, Sendable, and the measured verdict for unprotected use."
  static let usage = "stress verdicts <results.csv>... [--format <format>]"
  static let arguments = [
    ("<results.csv>", "Trial CSVs written by 'stress run' (several: read as one, such as shards).")
  ]
  struct Arguments: CommandArguments {
    var format = OutputFormat.text
    var files: [String] = []
    static var operands: WritableKeyPath<Self, [String]>? { \.files }
  }
  static var options: [Option<Arguments>] { [.format("text or json.", to: \.format)] }

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, arguments: arguments, options: optionSpecs,
      footer: """
        HOW TO READ IT:
          Only unprotected trials at 2 or more threads count: a race needs company, and a
          wrapper is the fix, not the type. 'unsafe' says what was seen (crash, hang, corrupt)
          in how many trials. With no failure in N trials, the per-trial failure rate is below
          3/N with 95% confidence (the rule of three): evidence of safety grows with N, and is
          never proof. Where the documentation and the run disagree, the note says so. Broken
          expectations (what a subject declares by construction) are listed after the table.
          The command informs and exits 0; 'stress run' is what fails on a broken expectation.
        """)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    let files = try results(parsed.files, missing: "No results file to read.")
    let digest = RunDigest(
      try ResultsInput.cells(files),
      context: RunDigest.Context(files: files, readSharing: catalog.readSharingWrappers))
    let report = VerdictsReport(digest)
    console.out(parsed.format == .json ? report.json : report.text)
    return .success
  }
}
