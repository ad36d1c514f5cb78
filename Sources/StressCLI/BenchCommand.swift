import Foundation
import StressKit

/// `stress bench`: the harness measured against bare loops, its detection power against the
/// tutorials' dispatch-apply loop, and the cost of its processes, all in one run.
struct BenchCommand: Subcommand {
  static let name = "bench"
  static let overview =
    "Measure the harness itself: overhead against bare loops, detection power, process cost."
  static let usage = "stress bench [<options>]"
  static let options: [OptionSpec] = [
    .value("ops", "<n>", "Operations per overhead measurement.", default: "5000000"),
    .value(
      "repeats", "<n>", "Repetitions of each overhead measurement; medians are reported.",
      default: "7"),
    .value(
      "trials", "<n>", "Trials per detection variant and per process-cost sample.", default: "20"),
    .value("out", "<path>", "The CSV to write.", default: "Results/bench-<UTC timestamp>.csv"),
    .flag("quiet", "Print only the path of the CSV."),
    .help,
  ]

  static var help: String {
    HelpText.render(overview: overview, usage: usage, options: options)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws(UsageError) -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    var bench = Benchmark(catalog: catalog)
    bench.ops = try parsed.integer("ops", in: 1000...1_000_000_000, usage: Self.usage) ?? bench.ops
    bench.repeats = try parsed.integer("repeats", in: 1...1000, usage: Self.usage) ?? bench.repeats
    bench.trials = try parsed.integer("trials", in: 1...10_000, usage: Self.usage) ?? bench.trials
    let quiet = parsed.flags.contains("quiet")
    let plan = Plan(
      suite: "bench", mode: .default, cells: [], trials: 0, bound: .ops(0), seed: 0, timeout: 0)
    let path =
      parsed.string("out")
      ?? RunCommand.defaultPath(for: plan, exists: FileManager.default.fileExists)
    let environment = RunEnvironment.current
    let file: CSVFile
    do {
      if parsed.string("out") == nil {
        try Platform.makeDirectories("Results")
      }
      file = try CSVFile(path: path)
      try file.append([
        [
          "run_id", "started_at", "section", "name", "metric", "value", "unit", "toolchain", "os",
          "cpus",
        ]
      ])
    } catch {
      console.error("\(error)")
      return .harness
    }
    var rows: [[String]] = []
    func row(_ section: String, _ name: String, _ metric: String, _ value: Double, _ unit: String) {
      rows.append([
        plan.runID, ResultColumns.timestamp(plan.startedAt), section, name, metric,
        String(format: "%.4f", value), unit, environment.toolchain, environment.os,
        String(environment.cpus),
      ])
    }
    func say(_ text: String) { if !quiet { console.out(text) } }

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
    say(Table(header: ["pair", "bare", "harness", "ratio", "extra ns"], rows: table).render())

    say(
      "\nDETECTION: trials failed of \(bench.trials); 2 threads, unprotected, writes only, "
        + "\(bench.detectionOps) ops per thread\n")
    let detections: [Benchmark.Detection]
    do {
      detections = try bench.detection()
    } catch {
      console.error("\(error)")
      return .harness
    }
    let variants = Benchmark.variants.map(\.name)
    let subjects = bench.detectionSubjects
    let grid = subjects.map { subject in
      [subject]
        + variants.map { variant in
          guard let d = detections.first(where: { $0.subject == subject && $0.variant == variant })
          else {
            return "-"
          }
          return "\(d.failed)/\(d.trials)"
            + (d.medianTimeToFailureMs.map { String(format: " %.1fms", $0) } ?? "")
        }
    }
    for d in detections {
      row(
        "detection", d.subject, "\(d.variant): detection_rate",
        Double(d.failed) / Double(d.trials), "ratio")
      if let ttf = d.medianTimeToFailureMs {
        row("detection", d.subject, "\(d.variant): median_time_to_failure_ms", ttf, "ms")
      }
    }
    say(Table(header: ["subject"] + variants, rows: grid).render())

    let cost: (warmTrialMs: Double, freshWorkerMs: Double)
    do {
      cost = try bench.processCost()
    } catch {
      console.error("\(error)")
      return .harness
    }
    row("process", "trial in a warm worker", "median_overhead_ms", cost.warmTrialMs, "ms")
    row(
      "process", "fresh worker and its first trial", "median_overhead_ms", cost.freshWorkerMs,
      "ms")
    say(
      String(
        format: "\nPROCESS: a trial in a warm worker costs %.2f ms beyond its timed region; "
          + "a fresh worker and its first trial %.2f ms (medians of %d)\n", cost.warmTrialMs,
        cost.freshWorkerMs, bench.trials))
    do {
      try file.append(rows)
    } catch {
      console.error("\(error)")
      return .harness
    }
    console.out(quiet ? path + "\n" : "\nWrote \(path)\n")
    return .success
  }
}
