import Foundation
import StressKit
import StressPlatform
import StressReports

/// `stress bench`: the harness measured against bare loops, its detection power against the
/// tutorials' dispatch-apply loop, and the cost of its processes, all in one run.
struct BenchCommand: Subcommand {
  static let name = "bench"
  static let overview =
    "Measure the harness itself: overhead against bare loops, detection power, process cost."
  static let usage = "stress bench [<options>]"
  struct Arguments: CommandArguments {
    // The benchmark's own defaults, which help shows.
    var ops = Benchmark.defaults.ops
    var repeats = Benchmark.defaults.repeats
    var trials = Benchmark.defaults.trials
    var out: String?
    var quiet = false
  }
  static var options: [Option<Arguments>] {
    [
      .value(
        "ops", "<n>",
        "Operations per overhead measurement; a 250th of them (at most 20,000) are the "
          + "invocations of a model-test trial.", .integer(in: 1000...1_000_000_000),
        to: \.ops),
      .value(
        "repeats", "<n>", "Repetitions of each overhead measurement; medians are reported.",
        .integer(in: 1...1000), to: \.repeats),
      .value(
        "trials", "<n>", "Trials per detection variant and per process-cost sample.",
        .integer(in: 1...10_000), to: \.trials),
      .value(
        "out", "<path>", "The CSV to write.", default: "Results/bench-<UTC timestamp>.csv", .text,
        to: \.out),
      .flag("quiet", "Print only the path of the CSV.", sets: \.quiet),
    ]
  }

  static var help: String {
    HelpText.render(overview: overview, usage: usage, options: optionSpecs)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    var bench = Benchmark(catalog: catalog)
    bench.ops = parsed.ops
    bench.repeats = parsed.repeats
    bench.trials = parsed.trials
    let plan = Plan(
      suite: "bench", mode: .default, cells: [], trials: 0, bound: .ops(0), seed: 0, timeout: 0)
    let path =
      parsed.out
      ?? OutputPaths.defaultResults(for: plan, exists: FileManager.default.fileExists)
    let environment = RunEnvironment.current
    var paths = OutputPaths(outputs: [("'--out'", path)])
    if parsed.out == nil { paths.creating = "Results" }
    try paths.check()
    if parsed.out == nil {
      try Platform.makeDirectories("Results")
    }
    let file = try CSVFile(path: path)
    try file.append([BenchReport.header])
    // Each section prints as soon as it is measured: the whole bench takes minutes.
    let sections: [() throws -> BenchReport.Section] = [
      { BenchReport.overhead(bench.overhead(), ops: bench.ops, repeats: bench.repeats) },
      {
        BenchReport.controlled(
          bench.primitiveOverhead(), schedulesPerSecond: bench.schedulesPerSecond())
      },
      {
        BenchReport.detection(
          try bench.detection(), condition: .size(ops: bench.detectionOps), trials: bench.trials)
      },
      {
        BenchReport.detection(
          try bench.detection(
            subjects: bench.racySubjects, ops: 1000, variants: Benchmark.burstVariants),
          condition: .quickSize, trials: bench.trials)
      },
      {
        BenchReport.detection(
          try bench.detection(
            subjects: bench.racySubjects, busy: true, variants: Benchmark.burstVariants),
          condition: .busyCore(ops: bench.detectionOps), trials: bench.trials)
      },
      { try models(bench) },
      {
        let cost = try bench.processCost()
        return BenchReport.process(
          warmTrialMs: cost.warmTrialMs, freshWorkerMs: cost.freshWorkerMs,
          execWorkerMs: cost.execWorkerMs, crash: try bench.crashCost(), trials: bench.trials)
      },
    ]
    var rows: [[String]] = []
    for measure in sections {
      let section = try measure()
      if !parsed.quiet { console.out(section.text) }
      rows += section.rows.map { BenchReport.line($0, plan: plan, environment: environment) }
    }
    try file.append(rows)
    console.out(parsed.quiet ? path + "\n" : "\nWrote \(path)\n")
    return .success
  }

  /// The model tests' section: their rates and bound, and each non-linearizable type against
  /// its fix (the fix runs 50 times the trials, since it must never fail).
  func models(_ bench: Benchmark) throws -> BenchReport.Section {
    let rates = bench.modelRates()
    let bound = bench.modelBound()
    let pairs = try Benchmark.modelSubjects.map { racy, fixed in
      BenchReport.ModelPair(
        racy: racy, caught: try bench.modelDetection(subjects: [racy], trials: bench.trials)[0],
        fixed: fixed,
        clean: try bench.modelDetection(subjects: [fixed], trials: bench.trials * 50)[0])
    }
    return BenchReport.models(
      rates, bound: bound, pairs: pairs, repeats: bench.repeats,
      invocations: bench.modelInvocations)
  }
}
