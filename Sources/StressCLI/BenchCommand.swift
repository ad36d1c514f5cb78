import Foundation
import StressKit
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
    let quiet = parsed.quiet
    let plan = Plan(
      suite: "bench", mode: .default, cells: [], trials: 0, bound: .ops(0), seed: 0, timeout: 0)
    let path =
      parsed.out
      ?? RunSession.defaultPath(for: plan, exists: FileManager.default.fileExists)
    let environment = RunEnvironment.current
    var paths = OutputPaths(outputs: [("'--out'", path)])
    if parsed.out == nil { paths.creating = "Results" }
    try paths.check()
    if parsed.out == nil {
      try Platform.makeDirectories("Results")
    }
    let file = try CSVFile(path: path)
    try file.append([
      [
        "run_id", "started_at", "section", "name", "metric", "value", "unit", "toolchain", "os",
        "cpus",
      ]
    ])
    var rows: [[String]] = []
    func row(_ section: String, _ name: String, _ metric: String, _ value: Double, _ unit: String) {
      rows.append([
        plan.runID, ResultColumns.timestamp(plan.startedAt), section, name, metric,
        String(format: "%.4f", value), unit, environment.toolchain, environment.os,
        String(environment.cpus),
      ])
    }
    func say(_ text: String) { if !quiet { console.out(text) } }

    overhead(bench, row: row, say: say)
    controlled(bench, row: row, say: say)
    try detection(bench, row: row, say: say)
    try models(bench, row: row, say: say)
    try process(bench, row: row, say: say)
    try file.append(rows)
    console.out(quiet ? path + "\n" : "\nWrote \(path)\n")
    return .success
  }

  /// The harness against bare loops: ns per operation, bare and through the harness.
  func overhead(
    _ bench: Benchmark, row: (String, String, String, Double, String) -> Void,
    say: (String) -> Void
  ) {
    say("OVERHEAD: median ns/op over \(bench.repeats) runs of \(bench.ops) ops, 1 thread\n")
    var table: [[String]] = []
    for o in bench.overhead() {
      table.append([
        o.name, String(format: "%.2f", o.referenceNanos), String(format: "%.2f", o.harnessNanos),
        String(format: "%.2fx", o.ratio), String(format: "%+.2f", o.extraNanos),
      ])
      row("overhead", o.name, "reference_ns_per_op", o.referenceNanos, "ns")
      row("overhead", o.name, "harness_ns_per_op", o.harnessNanos, "ns")
      row("overhead", o.name, "ratio", o.ratio, "x")
    }
    say(TextTable(header: ["pair", "bare", "harness", "ratio", "extra ns"], rows: table).render())
  }

  /// What the harness catches: at the overhead-free default size, then where races hide (a
  /// short trial, a busy core), each with and without the burst.
  func detection(
    _ bench: Benchmark, row: (String, String, String, Double, String) -> Void,
    say: (String) -> Void
  ) throws {
    let conditions: [(section: String, title: String, detections: [Benchmark.Detection])] = [
      (
        "detection", "\(bench.detectionOps) ops per thread",
        try bench.detection()
      ),
      (
        "detection-1000-ops", "1000 ops per thread (the quick budget's size)",
        try bench.detection(
          subjects: bench.racySubjects, ops: 1000, variants: Benchmark.burstVariants)
      ),
      (
        "detection-busy-core",
        "\(bench.detectionOps) ops per thread, one core kept busy by a spinning thread",
        try bench.detection(
          subjects: bench.racySubjects, busy: true, variants: Benchmark.burstVariants)
      ),
    ]
    for condition in conditions {
      say(
        "\nDETECTION: trials failed of \(bench.trials); 2 threads, unprotected, writes only, "
          + "\(condition.title)\n")
      var subjects: [String] = []
      var variants: [String] = []
      for d in condition.detections {
        if !subjects.contains(d.subject) { subjects.append(d.subject) }
        if !variants.contains(d.variant) { variants.append(d.variant) }
        row(
          condition.section, d.subject, "\(d.variant): detection_rate",
          Double(d.failed) / Double(d.trials), "ratio")
        if let ttf = d.medianTimeToFailureMs {
          row(condition.section, d.subject, "\(d.variant): median_time_to_failure_ms", ttf, "ms")
        }
      }
      let grid = subjects.map { subject in
        [subject]
          + variants.map { variant in
            guard
              let d = condition.detections.first(where: {
                $0.subject == subject && $0.variant == variant
              })
            else { return "-" }
            return "\(d.failed)/\(d.trials)"
              + (d.medianTimeToFailureMs.map { String(format: " %.1fms", $0) } ?? "")
          }
      }
      say(TextTable(header: ["subject"] + variants, rows: grid).render())
    }

  }

  /// What a worker costs beyond its trial: warm, fresh from the zygote, by exec, and crashing.
  func process(
    _ bench: Benchmark, row: (String, String, String, Double, String) -> Void,
    say: (String) -> Void
  ) throws {
    let cost = try bench.processCost()
    row("process", "trial in a warm worker", "median_overhead_ms", cost.warmTrialMs, "ms")
    row(
      "process", "fresh worker and its first trial", "median_overhead_ms", cost.freshWorkerMs,
      "ms")
    row(
      "process", "fresh worker by exec and its first trial", "median_overhead_ms",
      cost.execWorkerMs, "ms")
    say(
      String(
        format: "\nPROCESS: a trial in a warm worker costs %.2f ms beyond its timed region; "
          + "a fresh worker and its first trial %.2f ms, forked by the zygote (%.2f ms started "
          + "by exec) (medians of %d)\n", cost.warmTrialMs, cost.freshWorkerMs,
        cost.execWorkerMs, bench.trials))
    let crash = try bench.crashCost()
    row("process", "crash in a fresh worker, unnamed", "median_overhead_ms", crash.bareMs, "ms")
    row("process", "crash in a fresh worker, named", "median_overhead_ms", crash.namedMs, "ms")
    row(
      "process", "first named crash (reads the binary's symbols)", "overhead_ms",
      crash.firstNamedMs, "ms")
    say(
      String(
        format: "CRASH: a crashing trial in a fresh worker costs %.2f ms; naming where it "
          + "crashed adds %.2f ms (%.2f ms named, medians of %d; the first named crash, which "
          + "reads the binary's symbols, %.2f ms)\n", crash.bareMs, crash.namedMs - crash.bareMs,
        crash.namedMs, max(1, bench.trials - 1), crash.firstNamedMs))
  }

  /// The controlled scheduler: its primitives outside a run against the ones they stand for,
  /// and the schedules a second it runs and checks.
  func controlled(
    _ bench: Benchmark, row: (String, String, String, Double, String) -> Void,
    say: (String) -> Void
  ) {
    say("\nCONTROLLED SCHEDULER: primitives outside a run, median ns/op, 1 thread\n")
    var table: [[String]] = []
    for o in bench.primitiveOverhead() {
      table.append([
        o.name, String(format: "%.2f", o.referenceNanos), String(format: "%.2f", o.harnessNanos),
        String(format: "%.2fx", o.ratio),
      ])
      row("controlled", o.name, "reference_ns_per_op", o.referenceNanos, "ns")
      row("controlled", o.name, "scheduled_ns_per_op", o.harnessNanos, "ns")
      row("controlled", o.name, "ratio", o.ratio, "x")
    }
    say(TextTable(header: ["pair", "bare", "scheduled", "ratio"], rows: table).render())
    let rate = bench.schedulesPerSecond()
    row(
      "controlled", "lock-based counter, 2 threads x 3 calls, random walk", "schedules_per_sec",
      rate, "1/s")
    say(
      String(
        format:
          "Schedules run and checked a second (a lock-based counter, 2 threads x 3 calls, random walk): %.0f\n",
        rate))
  }

  /// Model tests: invocations a second and the checker's share by scenario shape, the
  /// checker's bound on a history it cannot finish, and the classic non-linearizable types
  /// caught at the default budget while their fixes never fail.
  func models(
    _ bench: Benchmark, row: (String, String, String, Double, String) -> Void,
    say: (String) -> Void
  ) throws {
    say(
      "\nMODEL TESTS: a correct counter locked by the wrapper, medians of \(bench.repeats) "
        + "trials of \(bench.modelInvocations) invocations (in this process; shares of the "
        + "trial's wall time). "
        + "Its specification is the counter replayed, its states never merged, or told apart "
        + "by their count (state(of:))\n")
    var table: [[String]] = []
    for r in bench.modelRates() {
      let shape =
        "\(r.wrapper), \(r.threads) threads x \(r.operationsPerThread) calls"
        + (r.statesMerged ? ", states merged" : "")
      table.append([
        shape, String(format: "%.0f", r.invocationsPerSecond),
        String(format: "%.1f%%", r.parallelShare * 100),
        String(format: "%.1f%%", r.checkShare * 100), String(r.checks),
      ])
      row("model", shape, "invocations_per_sec", r.invocationsPerSecond, "1/s")
      row("model", shape, "checker_share", r.checkShare, "ratio")
    }
    say(
      TextTable(
        header: ["scenario", "invocations/s", "parallel part", "checker", "checked"], rows: table
      )
      .render())
    let bound = bench.modelBound()
    row("model", "1,000-call history, 0.5 s limit", "checker_ms", bound.milliseconds, "ms")
    say(
      "A 1,000-call history no order explains, 0.5 s limit: "
        + "\(bound.unknown ? "unknown" : "answered") after "
        + String(format: "%.0f ms\n", bound.milliseconds))
    let fixedTrials = bench.trials * 50
    var grid: [[String]] = []
    for (racy, fixed) in Benchmark.modelSubjects {
      let caught = try bench.modelDetection(subjects: [racy], trials: bench.trials)[0]
      let clean = try bench.modelDetection(subjects: [fixed], trials: fixedTrials)[0]
      row(
        "model", racy, "default budget: detection_rate",
        Double(caught.failed) / Double(caught.trials), "ratio")
      row("model", fixed, "default budget: failures", Double(clean.failed), "trials")
      grid.append([
        racy, "\(caught.failed)/\(caught.trials)", fixed, "\(clean.failed)/\(clean.trials)",
      ])
    }
    say("\nMODEL DETECTION: unprotected, 2 threads, the default budget (0.06 s a trial)\n")
    say(TextTable(header: ["non-linearizable", "caught", "fixed", "failed"], rows: grid).render())
  }
}
