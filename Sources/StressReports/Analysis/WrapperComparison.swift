import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Which wrapper to use: per subject and condition (thread count and read mix), the wrappers
/// ranked by median throughput, each as a ratio to the fastest protected wrapper that stayed
/// correct; a wrapper that failed any trial is struck out, and one whose 99.9% interval
/// overlaps the fastest's is marked indistinguishable from it.
package struct WrapperComparison: Sendable, Equatable {
  /// One subject under one condition.
  package struct Condition: Sendable, Equatable {
    package var subject: String
    package var threads: Int
    package var readers: Int?
    package var readRatio: Double
    /// Correct wrappers fastest first, then the struck ones.
    package var entries: [Entry]

    /// The fastest protected wrapper that stayed correct: the reference.
    package var best: Entry? { entries.first { $0.isProtected && !$0.failed } }
  }

  package struct Entry: Sendable, Equatable {
    package var wrapper: String
    package var isProtected: Bool
    package var median: Double?
    /// Median over the best's median; nil without a best or a median.
    package var ratioToBest: Double?
    /// Failed any trial: struck out, whatever its speed.
    package var failed: Bool
    /// Its 99.9% interval overlaps the best's; nil where either has too few trials for one.
    package var indistinguishable: Bool?
    /// Its trials' throughputs.
    package var rates: [Double]

    /// Whether the run tells this wrapper and `other` apart, for a recommendation: their trials
    /// separate under a two-sided Mann-Whitney U test at p < 0.01, as `compare` judges a change
    /// (the 99.9% interval on a mean, with 5 noisy trials, rarely excludes even a 2x gap).
    package func separated(from other: Entry) -> Bool {
      guard rates.count >= 2, other.rates.count >= 2 else { return false }
      return MannWhitney.pValue(rates, other.rates) < 0.01
    }
  }

  package var conditions: [Condition]

  /// The comparison of `cells` (the positive control left out), conditions in first-seen order.
  package init(_ cells: [CellStatistics]) {
    let measured = cells.filter { !$0.cell.isControl && $0.cell.driver != .dispatchApply }
    let groups = measured.groupedInOrder {
      "\($0.cell.subject)|\($0.cell.threads)|\($0.cell.readers ?? -1)|\($0.cell.readRatio)"
    }
    conditions = groups.map { _, group in
      var entries = group.map { s in
        Entry(
          wrapper: s.cell.wrapper, isProtected: s.cell.isProtected, median: s.throughput?.p50,
          ratioToBest: nil, failed: s.failedTrials > 0, indistinguishable: nil,
          rates: s.rates)
      }
      // Correct ones fastest first (a tie keeps the plan's order), the struck ones after.
      entries = entries.enumerated().sorted { a, b in
        if a.element.failed != b.element.failed { return !a.element.failed }
        let x = a.element.median ?? -1
        let y = b.element.median ?? -1
        return x != y ? x > y : a.offset < b.offset
      }.map(\.element)
      let byWrapper = Dictionary(group.map { ($0.cell.wrapper, $0) }) { a, _ in a }
      let best = entries.first { $0.isProtected && !$0.failed }
      let bestInterval = best.flatMap { byWrapper[$0.wrapper]?.confidence999 }
      for i in entries.indices {
        if let median = entries[i].median, let reference = best?.median, reference > 0 {
          entries[i].ratioToBest = median / reference
        }
        if let bestInterval, let own = byWrapper[entries[i].wrapper]?.confidence999 {
          entries[i].indistinguishable = own.overlaps(bestInterval)
        }
      }
      let c = group[0].cell
      return Condition(
        subject: c.subject, threads: c.threads, readers: c.readers, readRatio: c.readRatio,
        entries: entries)
    }
  }
}
