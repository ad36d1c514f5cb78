import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// A baseline run against a current one, cell by cell (matched on `CellKey`) and as a whole:
/// correctness changes, and throughput changes beyond a threshold.
///
/// A cell's throughput is judged on medians. A change beyond the threshold counts only when it
/// passes two tests: a two-sided Mann-Whitney U test on the two cells' trials, and, with 20 or
/// more cells, the noise between runs (`RunNoise`): its distance from the run's median cell in
/// noise widths. The larger of the two p-values goes through the Benjamini-Hochberg correction
/// across every matched cell: its adjusted p (q) must be below `alpha`, which keeps the
/// expected share of false alarms among the cells reported at `alpha`. With fewer than 5
/// trials a side no test can reach p < 0.01, so such a change is reported as inconclusive,
/// never as a regression. The groups (`groups`) judge what the cells cannot alone: the whole
/// run beside the positive control, and each wrapper and each subject beside the run.
package struct Comparison: Sendable {
  package var threshold: Double
  package var alpha: Double
  package var entries: [Entry]
  /// The whole run, then each wrapper and each subject, judged by a sign test over its cells.
  package var groups: [Group] = []
  /// How many cells' throughput the correction spans.
  package var testedCells = 0
  /// The noise between the two runs, measured on their cells; nil under 20 cells.
  package var noise: RunNoise?
  /// How the positive control's throughput changed (its medians' geometric mean ratio across
  /// thread counts, minus 1): the machine's speed, measured beside the cells in both runs.
  package var machineChange: Double?

  package enum Kind: String, Sendable, Codable, CaseIterable {
    /// Fails the comparison: a protected wrapper that fails now, or one markedly slower.
    case regression
    /// Worth a look, not a failure: an unprotected verdict that changed either way, a cell
    /// that appeared or disappeared, an unprotected cell's speed.
    case change
    case improvement
    /// Beyond the threshold, but the trials cannot tell it from noise.
    case inconclusive
    case unchanged
  }

  /// Why an entry is what it is: a change of correctness, a cell in one run only, or how its
  /// throughput was judged.
  package enum Reason: Sendable, Equatable {
    /// A protected cell fails now (and failed in the baseline too, or not).
    case fails(now: [Outcome: Int], baseline: [Outcome: Int], failedBefore: Bool)
    /// An unprotected cell's trials fail now where none did, or the other way round.
    case verdictChanged(failsNow: Bool, now: [Outcome: Int], baseline: [Outcome: Int])
    /// A protected cell that failed in the baseline passes now.
    case passesNow(now: [Outcome: Int], baseline: [Outcome: Int])
    case onlyInBaseline
    case onlyInCurrent
    /// The throughput, before it is judged.
    case speedNotJudged
    /// Within the threshold, whatever the tests say.
    case withinThreshold
    /// Beyond the threshold, but the trials are too few for the test to reach `alpha`.
    case tooFewTrials(alpha: Double)
    /// Beyond the threshold, but not significant across the `cells` tested.
    case notSignificant(cells: Int)
    /// Beyond the threshold and significant across the `cells` tested.
    case significant(cells: Int)
    /// Slower beyond the threshold, significantly, but the current run's side was measured on
    /// a machine loaded beyond what the baseline's saw (`Load`): the machine, not the code.
    case machineLoaded(Load)
  }

  /// The machine's load on each side of a cell or a group: the mean run queue at its trials'
  /// answers (`MachineReading.runQueue`), which a neighbour holding a core raises by one.
  package struct Load: Sendable, Equatable {
    package var baseline: Double
    package var current: Double

    /// The current side saw at least `Comparison.loadedExcess` more runnable tasks.
    package var loadedNow: Bool { current - baseline >= Comparison.loadedExcess }

    /// The mean of several cells' loads, each side apart; nil for none.
    static func mean(_ loads: [Load]) -> Load? {
      guard !loads.isEmpty else { return nil }
      let n = Double(loads.count)
      return Load(
        baseline: loads.map(\.baseline).reduce(0, +) / n,
        current: loads.map(\.current).reduce(0, +) / n)
    }
  }

  /// How many more runnable tasks, on average at its trials' answers, make a side loaded
  /// beyond the other: a CPU hog beside the run adds one; a quiet machine's run queue moves
  /// by a few tenths between runs.
  package static let loadedExcess = 0.75

  package struct Entry: Sendable {
    package var key: CellKey
    package var isProtected: Bool
    package var kind: Kind
    /// Why it is of its kind; `what` words it.
    package var reason: Reason
    package var baselineMedian: Double?
    package var currentMedian: Double?
    /// current / baseline - 1.
    package var throughputChange: Double?
    package var pValue: Double?
    /// The Benjamini-Hochberg adjusted p-value across every matched cell's test.
    package var adjustedPValue: Double?
    /// Inconclusive only because the trials are too few for the test to ever reach `alpha`.
    package var tooFewTrials = false
    /// The throughput trials of the baseline's cell and the current one's.
    package var trialCounts = (0, 0)
    /// The spread of the cell's own trials, both sides together, on a log scale.
    package var ownSpread = 0.0
    /// How many noise widths the change lies from the run's median cell, and the two-sided
    /// p-value of that (`RunNoise.judge`); nil without a measured noise.
    package var noiseWidths: Double?
    package var noisePValue: Double?
    /// The machine's load on each side, where both runs recorded it.
    package var load: Load?
  }

  package init(
    baseline: [CellStatistics], current: [CellStatistics], threshold: Double,
    alpha: Double = 0.01
  ) {
    self.threshold = threshold
    self.alpha = alpha
    // The positive control is not a cell to compare: it measures each run's power, and its
    // speed is the machine's, the reference for the whole run.
    let baselineControl = baseline.filter(\.cell.isControl)
    let currentControl = current.filter(\.cell.isControl)
    let baseline = baseline.filter { !$0.cell.isControl }
    let current = current.filter { !$0.cell.isControl }
    let old = Dictionary(baseline.map { (CellKey($0.cell), $0) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(current.map { (CellKey($0.cell), $0) }, uniquingKeysWith: { a, _ in a })
    var entries: [Entry] = []
    for key in Set(old.keys).union(new.keys).sorted() {
      switch (old[key], new[key]) {
      case (let b?, let c?): entries += Self.compare(key, b, c)
      case (let b?, nil):
        entries.append(
          Entry(
            key: key, isProtected: b.cell.isProtected, kind: .change, reason: .onlyInBaseline))
      case (nil, let c?):
        entries.append(
          Entry(
            key: key, isProtected: c.cell.isProtected, kind: .change, reason: .onlyInCurrent))
      case (nil, nil): break
      }
    }
    let tested = entries.indices.filter { entries[$0].pValue != nil }
    let logRatios = tested.map { log(1 + entries[$0].throughputChange!) }
    noise = RunNoise(logRatios: logRatios)
    if let noise {
      for (index, logRatio) in zip(tested, logRatios) {
        let judged = noise.judge(logRatio: logRatio, ownSpread: entries[index].ownSpread)
        entries[index].noiseWidths = judged.widths
        entries[index].noisePValue = judged.p
      }
    }
    // Both tests must pass: the larger p stands for the cell.
    let q = MultipleComparisons.benjaminiHochberg(
      tested.map { max(entries[$0].pValue!, entries[$0].noisePValue ?? 0) })
    for (index, adjusted) in zip(tested, q) {
      entries[index].adjustedPValue = adjusted
      Self.judge(&entries[index], threshold: threshold, alpha: alpha, cells: tested.count)
    }
    self.entries = entries
    testedCells = tested.count
    machineChange = Self.controlChange(baselineControl, currentControl)
    groups = Self.groups(
      entries, threshold: threshold, alpha: alpha, noise: noise, machineChange: machineChange)
  }

  /// The geometric mean, across the thread counts both runs measured it at, of the positive
  /// control's median ratio, minus 1; nil where either run has no control.
  static func controlChange(_ baseline: [CellStatistics], _ current: [CellStatistics]) -> Double? {
    let old = Dictionary(baseline.map { ($0.cell.threads, $0) }, uniquingKeysWith: { a, _ in a })
    let ratios = current.compactMap { c -> Double? in
      guard let new = c.throughput?.p50, let was = old[c.cell.threads]?.throughput?.p50,
        new > 0, was > 0
      else { return nil }
      return log(new / was)
    }
    guard !ratios.isEmpty else { return nil }
    return exp(ratios.reduce(0, +) / Double(ratios.count)) - 1
  }

  /// The cells that regressed, then the groups that did.
  package var regressions: [Entry] { entries.filter { $0.kind == .regression } }
  package var groupRegressions: [Group] { groups.filter { $0.kind == .regression } }
  /// Why some groups were not judged (`Group.notJudged`), once per family.
  package var notJudged: [Group.TooFewInFamily] {
    var seen = Set<Group.TooFewInFamily>()
    return groups.compactMap(\.notJudged).filter { seen.insert($0).inserted }
  }
  package var passed: Bool { regressions.isEmpty && groupRegressions.isEmpty }

  /// The correctness entry (if anything to say) and the throughput entry of one cell, its p
  /// computed but not yet judged (that needs every cell's, for the correction).
  static func compare(_ key: CellKey, _ b: CellStatistics, _ c: CellStatistics) -> [Entry] {
    let protected = c.cell.isProtected
    var found: [Entry] = []
    func entry(_ kind: Kind, _ reason: Reason) -> Entry {
      Entry(key: key, isProtected: protected, kind: kind, reason: reason)
    }
    if c.failingTrials > 0 {
      found.append(
        entry(
          .regression, .fails(now: c.counts, baseline: b.counts, failedBefore: b.failingTrials > 0))
      )
    } else if !protected && (b.failedTrials > 0) != (c.failedTrials > 0) {
      found.append(
        entry(
          .change, .verdictChanged(failsNow: c.failedTrials > 0, now: c.counts, baseline: b.counts))
      )
    } else if protected && b.failingTrials > 0 {
      found.append(entry(.improvement, .passesNow(now: c.counts, baseline: b.counts)))
    }
    guard let old = b.throughput?.p50, let new = c.throughput?.p50, old > 0, new > 0 else {
      return found
    }
    var speed = entry(.unchanged, .speedNotJudged)
    speed.baselineMedian = old
    speed.currentMedian = new
    speed.throughputChange = new / old - 1
    speed.pValue = MannWhitney.pValue(b.rates, c.rates)
    speed.trialCounts = (b.rates.count, c.rates.count)
    speed.ownSpread = hypot(RunNoise.logSpread(b.rates), RunNoise.logSpread(c.rates))
    if let was = b.machine.meanRunQueue, let now = c.machine.meanRunQueue {
      speed.load = Load(baseline: was, current: now)
    }
    return found + [speed]
  }

  /// Decides a throughput entry once its adjusted p is known.
  static func judge(_ speed: inout Entry, threshold: Double, alpha: Double, cells: Int) {
    guard let change = speed.throughputChange, speed.pValue != nil, let q = speed.adjustedPValue
    else { return }
    speed.tooFewTrials =
      abs(change) > threshold
      && MannWhitney.smallestPValue(speed.trialCounts.0, speed.trialCounts.1) >= alpha
    if abs(change) <= threshold {
      speed.kind = .unchanged
      speed.reason = .withinThreshold
    } else if speed.tooFewTrials {
      speed.kind = .inconclusive
      speed.reason = .tooFewTrials(alpha: alpha)
    } else if q >= alpha {
      speed.kind = .inconclusive
      speed.reason = .notSignificant(cells: cells)
    } else {
      speed.reason = .significant(cells: cells)
      speed.kind = change > 0 ? .improvement : speed.isProtected ? .regression : .change
      // A slowdown measured on a machine loaded beyond the baseline's is the machine's.
      if change < 0, let load = speed.load, load.loadedNow {
        speed.kind = .inconclusive
        speed.reason = .machineLoaded(load)
      }
    }
  }
}
