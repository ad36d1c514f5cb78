import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The end-of-run console summary, and `stress report`'s: outcomes and median throughput per
/// cell, the wrappers ranked, what is documented next to what was measured for `unprotected`,
/// and what failed the run. It words a `RunDigest` and computes nothing of its own.
package struct SummaryText {
  package let digest: RunDigest

  package init(_ digest: RunDigest) {
    self.digest = digest
  }

  /// The tables, without the closing lines about files and the verdict.
  package func renderTables() -> String {
    let cells = digest.measured
    let threadCounts = Array(Set(cells.map(\.cell.threads))).sorted()
    // A row per subject and wrapper, a column per thread count.
    // A run that sweeps the read mix has a row per mix too.
    let mixes = cells.map(\.cell).sweepsReadMix
    let rowsOfCells = cells.groupedInOrder {
      [$0.cell.subject, $0.cell.wrapper] + (mixes ? [$0.cell.mixText] : [])
    }
    func table(_ text: (CellStatistics) -> String) -> String {
      let rows = rowsOfCells.map { row -> [String] in
        let byThreads = Dictionary(row.elements.map { ($0.cell.threads, $0) }) { a, _ in a }
        return row.key + threadCounts.map { n in byThreads[n].map(text) ?? "-" }
      }
      let header = ["subject", "wrapper"] + (mixes ? ["mix"] : [])
      return TextTable(header: header + threadCounts.map { "\($0) thr" }, rows: rows).render()
    }
    var text = "\nRESULTS (outcomes over trials, median ops/s)\n"
    text += table(Self.cellText)
    text += Self.scenariosText(digest.failingScenarios)
    if let shared = digest.sharedReads {
      text += "\nREADS LEFT UNPROTECTED\n" + TextWrap.paragraph(shared.text, indent: "  ")
    }
    text += "\nTHROUGHPUT (median ops/s (min-max) ±99.9% CI; 1 thread: cost vs unprotected; "
    text += "more: scaling vs 1 thread; percentiles in the summary CSV)\n"
    text += table(Self.throughputText)
    text += Self.wrappersText(digest.comparison)
    let recommendations = digest.recommendations
    if !recommendations.isEmpty {
      text += "\nRECOMMENDATIONS (computed from this run's numbers)\n"
      text += recommendations.map { "  \($0.subject): \($0.text)\n    \($0.command)\n" }.joined()
    }
    let verdicts = digest.verdicts
    text += Self.controlText(
      digest.control, verdicts: !verdicts.isEmpty, strategy: digest.context.strategy)
    if !verdicts.isEmpty {
      text += "\nUNPROTECTED, 2 or more threads: documented vs measured\n"
      text += TextTable(
        header: ["subject", "documented", "sendable", "measured", "note"],
        rows: verdicts.map {
          [$0.subject, $0.documented.rawValue, $0.sendableText, $0.measured, $0.disagreement ?? ""]
        }
      ).render()
    }
    return text
  }

  /// Model tests' failing scenarios: the first of each cell, its table and replay command.
  static func scenariosText(_ failing: [TrialRecord]) -> String {
    guard !failing.isEmpty else { return "" }
    var text = "\nFAILING SCENARIOS (model tests: the first failing trial of each cell, shrunk)\n"
    for r in failing {
      text += "  \(CellKey(r.cell).label), trial \(r.trial):\n"
      text += r.result.detail.split(separator: "\n").map { "    \($0)\n" }.joined()
    }
    return text
  }

  package func render(path: String, summaryPath: String) -> String {
    var text = renderTables()
    text += "\nWrote \(digest.trials) trials to \(path) and a row per cell to \(summaryPath)\n"
    return text + renderVerdict()
  }

  /// A line per subject and condition where two or more wrappers ran: correct wrappers fastest
  /// first, each with its ratio to the fastest correct protected one, then those that failed.
  static func wrappersText(_ comparison: WrapperComparison) -> String {
    let lines = comparison.conditions.filter { $0.entries.count > 1 }.map { c -> String in
      var condition = "\(c.subject), \(c.threads) thr"
      condition +=
        c.readers.map { ", \($0) readers" } ?? ", \(Formatting.percent(c.readRatio)) reads"
      let correct = c.entries.filter { !$0.failed }.map { e -> String in
        var text =
          (e.indistinguishable == true && e.wrapper != c.best?.wrapper ? "~" : "") + e.wrapper
        if let median = e.median { text += " " + Formatting.compact(median) }
        if let ratio = e.ratioToBest, e.wrapper != c.best?.wrapper {
          text += String(format: " %.2fx", ratio)
        }
        return text
      }
      let failed = c.entries.filter(\.failed).map(\.wrapper)
      return "  \(condition): " + correct.joined(separator: ", ")
        + (failed.isEmpty ? "" : "; failed: " + failed.joined(separator: ", "))
    }
    guard !lines.isEmpty else { return "" }
    return
      "\nWRAPPERS (fastest correct first; x: median over the fastest correct protected wrapper's; "
      + "~: 99.9% intervals overlap it; failed: some trial did not end ok)\n"
      + lines.joined(separator: "\n") + "\n"
  }

  /// The positive control's line: how often it was caught at each thread count, and what a
  /// miss means for the verdicts.
  package static func controlText(
    _ readings: [Int: ControlReading], verdicts: Bool, strategy: ScheduleStrategy? = nil
  ) -> String {
    if readings.isEmpty, let strategy, strategy.isDeterministic {
      let search: Bool
      if case .exhaustive = strategy { search = true } else { search = false }
      return "\nPOSITIVE CONTROL: none: the model tests ran under the controlled scheduler "
        + "(\(strategy.argument)), whose \(search ? "search" : "replay") is "
        + "deterministic; each trial's detail says how many schedules it explored"
        + (search ? " and whether every schedule within the preemption bound was searched\n" : "\n")
    }
    guard !readings.isEmpty else {
      return verdicts
        ? "\nPOSITIVE CONTROL: none ran (--no-control), so 'no failure seen' says nothing of "
          + "the run's power to see a race\n" : ""
    }
    let sorted = readings.keys.sorted().map { readings[$0]! }
    var text =
      "\nPOSITIVE CONTROL ("
      + (strategy.map { "a lost update on a scheduled atomic, explored by \($0.argument)" }
        ?? "an unprotected lost-update counter") + ", run between the cells): "
    text += sorted.map { "\($0.threads) thr \($0.caught)/\($0.trials)" }.joined(separator: ", ")
    let blind = sorted.filter { !$0.seesRaces }
    if blind.isEmpty {
      text += " caught\n"
    } else {
      text +=
        " caught; missed in most trials at \(blind.map { String($0.threads) }.joined(separator: ", ")) "
        + "threads: 'no failure seen' there is inconclusive\n"
    }
    return text
  }

  /// PASS, or FAIL with the first failing trials.
  package func renderVerdict() -> String {
    let failingTrials = digest.failingTrials
    guard failingTrials > 0 else {
      return "PASS: every protected wrapper stayed correct in every trial.\n"
    }
    var text = "FAIL: \(failingTrials) trial(s) failed the run:\n"
    let samples = digest.failingSamples
    for r in samples.prefix(10) {
      let broken = r.brokenExpectation.map { " (breaks the expectation: \($0))" } ?? ""
      // A model test's table is under FAILING SCENARIOS: its headline is enough here.
      let detail =
        r.result.finding?.kind.showsScenario == true
        ? (r.result.detail.split(separator: "\n").first.map {
          String($0.dropLast($0.hasSuffix(":") ? 1 : 0))
        } ?? "")
          + " (its table is under FAILING SCENARIOS)" : r.result.detail
      text +=
        "  \(CellKey(r.cell).label), trial \(r.trial) (seed \(r.seed)): "
        + "\(r.result.outcome.rawValue)\(broken): \(detail)\n"
    }
    if failingTrials > 10 { text += "  ... and \(failingTrials - 10) more in the CSV\n" }
    return text
  }

  /// Median ops/s ± the 99.9% CI half-width in percent of the mean, scaling versus 1 thread,
  /// and cost versus unprotected at 1 thread.
  static func throughputText(_ s: CellStatistics) -> String {
    guard let t = s.throughput else { return "-" }
    var parts = [Formatting.compact(t.p50)]
    if s.rates.count > 1 {
      parts[0] += " (\(Formatting.compact(t.p0))-\(Formatting.compact(t.p100)))"
    }
    if let ci = s.confidence999, let mean = s.mean, mean > 0 {
      parts[0] += String(format: " ±%.0f%%", (ci.upperBound - mean) / mean * 100)
    }
    if s.cell.threads == 1 {
      if let cost = s.costVersusUnprotected { parts.append(String(format: "cost %.2fx", cost)) }
    } else if let scaling = s.scaling {
      parts.append(String(format: "x%.2f", scaling))
    }
    return parts.joined(separator: " ")
  }

  /// "ok 5/5 12.3M" or "crash 2/5, ok 3/5 1.1M".
  static func cellText(_ s: CellStatistics) -> String {
    Formatting.outcomes(s.counts) + (s.throughput.map { " " + Formatting.compact($0.p50) } ?? "")
  }
}
