import StressKit
import StressReports

/// `stress merge`: join the trial CSVs of shards (or of runs on disjoint cells) into one.
struct MergeCommand: Subcommand {
  static let name = "merge"
  static let overview = "Join the trial CSVs of a sharded run (--shard I/N) into one."
  static let usage = "stress merge <results.csv>... -o <path>"
  static let arguments = [("<results.csv>", "Trial CSVs of the same plan, such as its shards.")]
  struct Arguments: CommandArguments {
    var out: String?
    var files: [String] = []
    static var operands: WritableKeyPath<Self, [String]>? { \.files }
  }
  static var options: [Option<Arguments>] {
    [.value("out", "<path>", "The merged trial CSV to write.", short: "o", .text, to: \.out)]
  }

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, arguments: arguments, options: optionSpecs,
      footer: """
        The files must come from the same plan (suite, mode, budget and tuning columns agree)
        and must not overlap (no trial of a cell twice). Shards of one run are interleaved back
        into the unsharded run's order; a missing shard is reported, not an error. Rows keep
        their own run_id, seed and shard, so every trial stays replayable.
        """)
  }

  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    guard let out = parsed.out else {
      throw UsageError("Missing '-o <path>': the merged file to write.", usage: Self.usage)
    }
    try OutputPaths.operands(parsed.files, output: ("'-o'", out)).check()
    let files = try results(
      parsed.files, missing: "No results files to merge.", allowingEmpty: true)
    let merge = try ResultsMerge(files)
    try ReportFile(path: out, what: "the merged results").write(
      ([ResultColumns.header] + merge.rows).map(CSV.line).joined())
    for note in merge.notes { console.err("Note: \(note).\n") }
    let shards = merge.shards.isEmpty ? "" : " (shards \(merge.shards.joined(separator: ", ")))"
    console.out(
      "Merged \(merge.rows.count) trials from \(files.count) files\(shards) into \(out)\n")
    return .success
  }
}
