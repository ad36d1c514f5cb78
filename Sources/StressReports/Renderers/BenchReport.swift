import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What `stress bench` says, section by section, and the CSV rows each section records. The
/// CLI runs each measurement and prints its section as it comes; the wording is here.
package enum BenchReport {
  /// One section: what it prints, and what it records.
  package struct Section {
    package var text: String
    package var rows: [Row]
  }

  /// One measurement, as a row of the bench CSV records it.
  package struct Row {
    package var section, name, metric: String
    package var value: Double
    package var unit: String
  }

  /// The bench CSV's columns.
  package static let header = [
    "run_id", "started_at", "section", "name", "metric", "value", "unit", "toolchain", "os",
    "cpus",
  ]

  /// `row` as the bench CSV writes it, for the run `plan` names.
  package static func line(_ row: Row, plan: Plan, environment: RunEnvironment) -> [String] {
    [
      plan.runID, ResultColumns.timestamp(plan.startedAt), row.section, row.name, row.metric,
      String(format: "%.4f", row.value), row.unit, environment.toolchain, environment.os,
      String(environment.cpus),
    ]
  }

  /// The harness against bare loops: ns per operation, bare and through the harness.
  package static func overhead(_ pairs: [Benchmark.Overhead], ops: Int, repeats: Int) -> Section {
    var rows: [Row] = []
    var table: [[String]] = []
    for o in pairs {
      table.append([
        o.name, String(format: "%.2f", o.referenceNanos), String(format: "%.2f", o.harnessNanos),
        String(format: "%.2fx", o.ratio), String(format: "%+.2f", o.extraNanos),
      ])
      rows += pairRows(o, section: "overhead", measured: "harness_ns_per_op")
    }
    let text =
      "OVERHEAD: median ns/op over \(repeats) runs of \(ops) ops, 1 thread\n"
      + TextTable(header: ["pair", "bare", "harness", "ratio", "extra ns"], rows: table).render()
    return Section(text: text, rows: rows)
  }

  /// The controlled scheduler: its primitives outside a run against the ones they stand for,
  /// and the schedules a second it runs and checks.
  package static func controlled(
    _ primitives: [Benchmark.Overhead], schedulesPerSecond rates: [(name: String, rate: Double)]
  )
    -> Section
  {
    var rows: [Row] = []
    var table: [[String]] = []
    for o in primitives {
      table.append([
        o.name, String(format: "%.2f", o.referenceNanos), String(format: "%.2f", o.harnessNanos),
        String(format: "%.2fx", o.ratio),
      ])
      rows += pairRows(o, section: "controlled", measured: "scheduled_ns_per_op")
    }
    for (name, rate) in rates {
      rows.append(
        Row(
          section: "controlled", name: "\(name), 2 threads x 3 calls, random walk",
          metric: "schedules_per_sec", value: rate, unit: "1/s"))
    }
    let text =
      "\nCONTROLLED SCHEDULER: primitives outside a run, median ns/op, 1 thread\n"
      + TextTable(header: ["pair", "bare", "scheduled", "ratio"], rows: table).render()
      + "Schedules run and checked a second (2 threads x 3 calls, random walk):\n"
      + TextTable(
        header: ["type", "schedules/s"],
        rows: rates.map { [$0.name, String(format: "%.0f", $0.rate)] }
      ).render()
    return Section(text: text, rows: rows)
  }

  /// A pair's three rows: the bare loop's ns/op, the measured one's (`measured`), the ratio.
  private static func pairRows(_ o: Benchmark.Overhead, section: String, measured: String)
    -> [Row]
  {
    [
      Row(
        section: section, name: o.name, metric: "reference_ns_per_op", value: o.referenceNanos,
        unit: "ns"),
      Row(section: section, name: o.name, metric: measured, value: o.harnessNanos, unit: "ns"),
      Row(section: section, name: o.name, metric: "ratio", value: o.ratio, unit: "x"),
    ]
  }

  /// Where detection is measured: at a size, at the quick budget's, or with a core kept busy.
  package enum Condition {
    case size(ops: Int)
    case quickSize
    case busyCore(ops: Int)

    var section: String {
      switch self {
      case .size: "detection"
      case .quickSize: "detection-1000-ops"
      case .busyCore: "detection-busy-core"
      }
    }

    var title: String {
      switch self {
      case .size(let ops): "\(ops) ops per thread"
      case .quickSize: "1000 ops per thread (the quick budget's size)"
      case .busyCore(let ops): "\(ops) ops per thread, one core kept busy by a spinning thread"
      }
    }
  }

  /// What the harness caught under `condition`: trials failed of `trials` per subject and
  /// variant, with the median time to the first failure.
  package static func detection(
    _ detections: [Benchmark.Detection], condition: Condition, trials: Int
  ) -> Section {
    var subjects: [String] = []
    var variants: [String] = []
    var rows: [Row] = []
    for d in detections {
      if !subjects.contains(d.subject) { subjects.append(d.subject) }
      if !variants.contains(d.variant) { variants.append(d.variant) }
      rows.append(
        Row(
          section: condition.section, name: d.subject, metric: "\(d.variant): detection_rate",
          value: Double(d.failed) / Double(d.trials), unit: "ratio"))
      if let ttf = d.medianTimeToFailureMs {
        rows.append(
          Row(
            section: condition.section, name: d.subject,
            metric: "\(d.variant): median_time_to_failure_ms", value: ttf, unit: "ms"))
      }
    }
    let grid = subjects.map { subject in
      [subject]
        + variants.map { variant in
          guard let d = detections.first(where: { $0.subject == subject && $0.variant == variant })
          else { return "-" }
          return "\(d.failed)/\(d.trials)"
            + (d.medianTimeToFailureMs.map { String(format: " %.1fms", $0) } ?? "")
        }
    }
    let text =
      "\nDETECTION: trials failed of \(trials); 2 threads, unprotected, writes only, "
      + "\(condition.title)\n"
      + TextTable(header: ["subject"] + variants, rows: grid).render()
    return Section(text: text, rows: rows)
  }

  /// What a worker costs beyond its trial (warm, fresh from the zygote, by exec) and what a
  /// crash costs, named and not.
  package static func process(
    warmTrialMs: Double, freshWorkerMs: Double, execWorkerMs: Double,
    crash: (bareMs: Double, namedMs: Double, firstNamedMs: Double), trials: Int
  ) -> Section {
    let rows = [
      Row(
        section: "process", name: "trial in a warm worker", metric: "median_overhead_ms",
        value: warmTrialMs, unit: "ms"),
      Row(
        section: "process", name: "fresh worker and its first trial", metric: "median_overhead_ms",
        value: freshWorkerMs, unit: "ms"),
      Row(
        section: "process", name: "fresh worker by exec and its first trial",
        metric: "median_overhead_ms", value: execWorkerMs, unit: "ms"),
      Row(
        section: "process", name: "crash in a fresh worker, unnamed", metric: "median_overhead_ms",
        value: crash.bareMs, unit: "ms"),
      Row(
        section: "process", name: "crash in a fresh worker, named", metric: "median_overhead_ms",
        value: crash.namedMs, unit: "ms"),
      Row(
        section: "process", name: "first named crash (reads the binary's symbols)",
        metric: "overhead_ms", value: crash.firstNamedMs, unit: "ms"),
    ]
    let text =
      String(
        format: "\nPROCESS: a trial in a warm worker costs %.2f ms beyond its timed region; "
          + "a fresh worker and its first trial %.2f ms, forked by the zygote (%.2f ms started "
          + "by exec) (medians of %d)\n", warmTrialMs, freshWorkerMs, execWorkerMs, trials)
      + String(
        format: "CRASH: a crashing trial in a fresh worker costs %.2f ms; naming where it "
          + "crashed adds %.2f ms (%.2f ms named, medians of %d; the first named crash, which "
          + "reads the binary's symbols, %.2f ms)\n", crash.bareMs, crash.namedMs - crash.bareMs,
        crash.namedMs, max(1, trials - 1), crash.firstNamedMs)
    return Section(text: text, rows: rows)
  }

  /// One non-linearizable model type and its fix, each run at the default budget.
  package struct ModelPair {
    package var racy: String
    package var caught: Benchmark.Detection
    package var fixed: String
    package var clean: Benchmark.Detection

    package init(
      racy: String, caught: Benchmark.Detection, fixed: String, clean: Benchmark.Detection
    ) {
      self.racy = racy
      self.caught = caught
      self.fixed = fixed
      self.clean = clean
    }
  }

  /// Model tests: invocations a second and the checker's share by scenario shape, the
  /// checker's bound on a history it cannot finish, and the classic non-linearizable types
  /// caught at the default budget while their fixes never fail.
  package static func models(
    _ rates: [Benchmark.ModelRate], bound: (unknown: Bool, milliseconds: Double),
    pairs: [ModelPair], repeats: Int, invocations: Int
  ) -> Section {
    var rows: [Row] = []
    var table: [[String]] = []
    for r in rates {
      let shape =
        "\(r.wrapper), \(r.threads) threads x \(r.operationsPerThread) calls"
        + (r.statesMerged ? ", states merged" : "")
      table.append([
        shape, String(format: "%.0f", r.invocationsPerSecond),
        String(format: "%.1f%%", r.parallelShare * 100),
        String(format: "%.1f%%", r.checkShare * 100), String(r.checks),
      ])
      rows.append(
        Row(
          section: "model", name: shape, metric: "invocations_per_sec",
          value: r.invocationsPerSecond, unit: "1/s"))
      rows.append(
        Row(
          section: "model", name: shape, metric: "checker_share", value: r.checkShare, unit: "ratio"
        ))
    }
    rows.append(
      Row(
        section: "model", name: "1,000-call history, 0.5 s limit", metric: "checker_ms",
        value: bound.milliseconds, unit: "ms"))
    var grid: [[String]] = []
    for p in pairs {
      rows.append(
        Row(
          section: "model", name: p.racy, metric: "default budget: detection_rate",
          value: Double(p.caught.failed) / Double(p.caught.trials), unit: "ratio"))
      rows.append(
        Row(
          section: "model", name: p.fixed, metric: "default budget: failures",
          value: Double(p.clean.failed), unit: "trials"))
      grid.append([
        p.racy, "\(p.caught.failed)/\(p.caught.trials)", p.fixed,
        "\(p.clean.failed)/\(p.clean.trials)",
      ])
    }
    let text =
      "\nMODEL TESTS: a correct counter locked by the wrapper, medians of \(repeats) "
      + "trials of \(invocations) invocations (in this process; shares of the "
      + "trial's wall time). "
      + "Its specification is the counter replayed, its states never merged, or told apart "
      + "by their count (state(of:))\n"
      + TextTable(
        header: ["scenario", "invocations/s", "parallel part", "checker", "checked"], rows: table
      ).render()
      + "A 1,000-call history no order explains, 0.5 s limit: "
      + "\(bound.unknown ? "unknown" : "answered") after "
      + String(format: "%.0f ms\n", bound.milliseconds)
      + "\nMODEL DETECTION: unprotected, 2 threads, the default budget (0.06 s a trial)\n"
      + TextTable(header: ["non-linearizable", "caught", "fixed", "failed"], rows: grid).render()
    return Section(text: text, rows: rows)
  }
}
