import StressKit

/// `stress merge`: join the trial CSVs of shards (or of runs on disjoint cells) into one.
struct MergeCommand: Subcommand {
  static let name = "merge"
  static let overview = "Join the trial CSVs of a sharded run (--shard I/N) into one."
  static let usage = "stress merge <results.csv>... -o <path>"
  static let arguments = [("<results.csv>", "Trial CSVs of the same plan, such as its shards.")]
  static let options: [OptionSpec] = [
    .value("out", "<path>", "The merged trial CSV to write.", short: "o"),
    .help,
  ]

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, arguments: arguments, options: options,
      footer: """
        The files must come from the same plan (suite, mode, budget and tuning columns agree)
        and must not overlap (no trial of a cell twice). Shards of one run are interleaved back
        into the unsharded run's order; a missing shard is reported, not an error. Rows keep
        their own run_id, seed and shard, so every trial stays replayable.
        """)
  }

  let console: Console

  func run(_ arguments: [String]) throws(UsageError) -> ExitCode {
    guard let parsed = try parse(arguments, takesOperands: true) else { return .success }
    guard let out = parsed.string("out") else {
      throw UsageError("Missing '-o <path>': the merged file to write.", usage: Self.usage)
    }
    try OutputPaths.operands(parsed.positionals, output: ("'-o'", out)).check(usage: Self.usage)
    guard let files = try results(parsed, missing: "No results files to merge.") else {
      return .harness
    }
    let merge: ResultsMerge
    do {
      merge = try ResultsMerge(files)
    } catch {
      throw UsageError(RunCommand.capitalized(error.description), usage: Self.usage)
    }
    do {
      try ReportFile(path: out, what: "the merged results").write(
        ([ResultColumns.header] + merge.rows).map(CSV.line).joined())
    } catch {
      console.error("\(error)")
      return .harness
    }
    for note in merge.notes { console.err("Note: \(note).\n") }
    console.out("Merged \(merge.rows.count) trials from \(files.count) files into \(out)\n")
    return .success
  }
}
