import Foundation
import StressKit

/// The end-of-run console summary: outcomes and median throughput per cell, what is
/// documented next to what was measured for `unprotected`, and what failed the run.
struct RunSummary {
  let plan: Plan
  let records: [TrialRecord]

  /// The trials that fail the run (protected wrappers that failed, broken subjects).
  var failing: [TrialRecord] { records.filter(\.failsRun) }

  func render(path: String, summaryPath: String) -> String {
    var text = "\n"
    let threadCounts = Array(Set(plan.cells.map(\.threads))).sorted()
    var keys: [String] = []
    var byCell: [String: [Int: [TrialRecord]]] = [:]
    for r in records {
      let key = "\(r.cell.subject)\u{0}\(r.cell.wrapper)"
      if byCell[key] == nil { keys.append(key) }
      byCell[key, default: [:]][r.cell.threads, default: []].append(r)
    }
    let rows = keys.map { key -> [String] in
      let parts = key.split(separator: "\u{0}").map(String.init)
      return parts + threadCounts.map { n in byCell[key]?[n].map(Self.cellText) ?? "-" }
    }
    text += "RESULTS (outcomes over trials, median ops/s)\n"
    text += Table(header: ["subject", "wrapper"] + threadCounts.map { "\($0) thr" }, rows: rows)
      .render()

    // A race needs company: single-threaded trials say nothing about thread safety.
    text += throughputTable(threadCounts: threadCounts)

    let unprotected = records.filter { !$0.cell.isProtected && $0.cell.threads > 1 }
    if !unprotected.isEmpty {
      text += "\nUNPROTECTED, 2 or more threads: documented vs measured\n"
      var subjects: [String] = []
      var groups: [String: [TrialRecord]] = [:]
      for r in unprotected {
        if groups[r.cell.subject] == nil { subjects.append(r.cell.subject) }
        groups[r.cell.subject, default: []].append(r)
      }
      text += Table(
        header: ["subject", "documented", "measured"],
        rows: subjects.map { s in
          let group = groups[s]!
          return [s, group[0].cell.documented.rawValue, Self.verdict(group)]
        }
      ).render()
    }

    text += "\nWrote \(records.count) trials to \(path) and a row per cell to \(summaryPath)\n"
    let failing = failing
    if failing.isEmpty {
      text += "PASS: every protected wrapper stayed correct in every trial.\n"
    } else {
      text += "FAIL: \(failing.count) trial(s) failed the run:\n"
      for r in failing.prefix(10) {
        text +=
          "  \(r.cell.subject) / \(r.cell.wrapper) / \(r.cell.threads) threads, trial \(r.trial) "
          + "(seed \(r.seed)): \(r.result.outcome.rawValue): \(r.result.detail)\n"
      }
      if failing.count > 10 { text += "  ... and \(failing.count - 10) more in the CSV\n" }
    }
    return text
  }

  /// Per cell: median ops/s ± the 99.9% CI half-width in percent of the mean, scaling versus
  /// 1 thread, and cost versus unprotected at 1 thread.
  func throughputTable(threadCounts: [Int]) -> String {
    let stats = CellStatistics.compute(records)
    var keys: [String] = []
    var byKey: [String: [Int: CellStatistics]] = [:]
    for s in stats {
      let key = "\(s.cell.subject)\u{0}\(s.cell.wrapper)"
      if byKey[key] == nil { keys.append(key) }
      byKey[key, default: [:]][s.cell.threads] = s
    }
    func text(_ s: CellStatistics?) -> String {
      guard let s, let median = s.throughput?.p50 else { return "-" }
      var parts = [Self.compact(median)]
      if let t = s.throughput, s.trials > 1 {
        parts[0] += " (\(Self.compact(t.p0))-\(Self.compact(t.p100)))"
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
    let rows = keys.map { key -> [String] in
      key.split(separator: "\u{0}").map(String.init) + threadCounts.map { text(byKey[key]?[$0]) }
    }
    return "\nTHROUGHPUT (median ops/s (min-max) ±99.9% CI; 1 thread: cost vs unprotected; "
      + "more: scaling vs 1 thread; percentiles in the summary CSV)\n"
      + Table(header: ["subject", "wrapper"] + threadCounts.map { "\($0) thr" }, rows: rows)
      .render()
  }

  /// "ok 5/5 12.3M" or "crash 2/5, ok 3/5 1.1M".
  static func cellText(_ records: [TrialRecord]) -> String {
    let rates = records.compactMap(\.result.opsPerSecond).sorted()
    let median = rates.isEmpty ? "" : " " + compact(Self.median(rates))
    return outcomes(records) + median
  }

  /// The median of sorted values: the mean of the middle two for an even count.
  static func median(_ sorted: [Double]) -> Double {
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  /// Outcome counts, worst first: "crash 2/5, ok 3/5".
  static func outcomes(_ records: [TrialRecord]) -> String {
    Outcome.allCases.reversed().compactMap { outcome in
      let n = records.filter { $0.result.outcome == outcome }.count
      return n == 0 ? nil : "\(outcome.rawValue) \(n)/\(records.count)"
    }.joined(separator: ", ")
  }

  /// What the unprotected trials of one subject showed.
  static func verdict(_ records: [TrialRecord]) -> String {
    let failed = records.filter { $0.result.outcome.isFailure }
    let documented = records[0].cell.documented
    guard !failed.isEmpty else {
      let note = documented == .unsafe ? " (documented unsafe: not reproduced here)" : ""
      return "no failure in \(records.count) trials\(note)"
    }
    let kinds = Outcome.allCases.reversed().compactMap { outcome -> String? in
      let n = failed.filter { $0.result.outcome == outcome }.count
      return n == 0 ? nil : "\(outcome.rawValue) \(n)"
    }.joined(separator: ", ")
    let note = documented == .safe ? " (contradicts the documentation)" : ""
    return "unsafe: failed \(failed.count)/\(records.count) trials (\(kinds))\(note)"
  }

  /// 12345678 -> "12.3M".
  static func compact(_ x: Double) -> String {
    switch x {
    case 1e9...: String(format: "%.1fG", x / 1e9)
    case 1e6...: String(format: "%.1fM", x / 1e6)
    case 1e3...: String(format: "%.1fk", x / 1e3)
    default: String(format: "%.0f", x)
    }
  }
}
