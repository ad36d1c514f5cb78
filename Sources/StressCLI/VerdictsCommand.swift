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
    let cells = digest.cells
    let verdicts = digest.verdicts
    let broken = cells.flatMap(\.failingSamples).filter { $0.brokenExpectation != nil }
    if parsed.format == .json {
      console.out(
        JSONOutput.encode(
          Document(
            verdicts: SummaryDocument(digest).verdicts,
            brokenExpectations: cells.filter { $0.cell.expectation != nil && $0.failedTrials > 0 }
              .map {
                .init(
                  subject: $0.cell.subject, wrapper: $0.cell.wrapper, threads: $0.cell.threads,
                  expectation: $0.cell.expectation!, failedTrials: $0.failedTrials,
                  trials: $0.trials)
              })))
      return .success
    }
    guard !verdicts.isEmpty else {
      console.out("No unprotected trials at 2 or more threads: nothing to judge.\n")
      return .success
    }
    var text = TextTable(
      header: ["subject", "documented", "sendable", "measured (unprotected, 2+ threads)", "note"],
      rows: verdicts.map {
        [$0.subject, $0.documented.rawValue, $0.sendableText, $0.measured, $0.disagreement ?? ""]
      }
    ).render()
    for record in broken.prefix(10) {
      text +=
        "Expectation broken: \(CellKey(record.cell).label), trial \(record.trial): "
        + "\(record.brokenExpectation!) (\(record.result.outcome.rawValue))\n"
    }
    console.out(text)
    return .success
  }

  /// `--format json`: the verdicts, and the cells whose declared expectation broke.
  struct Document: Encodable {
    var verdicts: [SummaryDocument.VerdictEntry]
    var brokenExpectations: [Broken]

    struct Broken: Encodable {
      var subject, wrapper: String
      var threads: Int
      var expectation: String
      var failedTrials, trials: Int
    }
  }
}
