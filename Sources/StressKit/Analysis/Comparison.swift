import Foundation

/// A baseline run against a current one, cell by cell (matched on `CellKey`): correctness
/// changes and throughput changes beyond a threshold.
///
/// Throughput is judged on medians, and a change beyond the threshold counts only when a
/// two-sided Mann-Whitney U test on the two cells' trials gives p < `alpha`: the trials must
/// separate, not just their medians. With fewer than 5 trials a side the test cannot reach
/// p < 0.01 at all, so such a change is reported as inconclusive, never as a regression.
package struct Comparison: Sendable {
  package var threshold: Double
  package var alpha: Double
  package var entries: [Entry]

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

  package struct Entry: Sendable {
    package var key: CellKey
    package var isProtected: Bool
    package var kind: Kind
    /// What changed, in words: "crash 2/5 (baseline: ok 5/5)", "-48% ops/s (p = 0.008)".
    package var what: String
    package var baselineMedian: Double?
    package var currentMedian: Double?
    /// current / baseline - 1.
    package var throughputChange: Double?
    package var pValue: Double?
    /// Inconclusive only because the trials are too few for the test to ever reach `alpha`.
    package var tooFewTrials = false
  }

  package init(
    baseline: [CellStatistics], current: [CellStatistics], threshold: Double,
    alpha: Double = 0.01
  ) {
    self.threshold = threshold
    self.alpha = alpha
    // The positive control measures each run's power, not a thing to compare across runs.
    let baseline = baseline.filter { !$0.cell.isControl }
    let current = current.filter { !$0.cell.isControl }
    let old = Dictionary(baseline.map { (CellKey($0.cell), $0) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(current.map { (CellKey($0.cell), $0) }, uniquingKeysWith: { a, _ in a })
    var entries: [Entry] = []
    for key in Set(old.keys).union(new.keys).sorted() {
      switch (old[key], new[key]) {
      case (let b?, let c?): entries += Self.compare(key, b, c, threshold: threshold, alpha: alpha)
      case (let b?, nil):
        entries.append(
          Entry(
            key: key, isProtected: b.cell.isProtected, kind: .change, what: "not in the current run"
          ))
      case (nil, let c?):
        entries.append(
          Entry(
            key: key, isProtected: c.cell.isProtected, kind: .change,
            what: "new: not in the baseline"))
      case (nil, nil): break
      }
    }
    self.entries = entries
  }

  package var regressions: [Entry] { entries.filter { $0.kind == .regression } }

  /// The correctness entry (if anything to say) and the throughput entry of one cell.
  static func compare(
    _ key: CellKey, _ b: CellStatistics, _ c: CellStatistics, threshold: Double, alpha: Double
  ) -> [Entry] {
    let protected = c.cell.isProtected
    var found: [Entry] = []
    func entry(_ kind: Kind, _ what: String) -> Entry {
      Entry(key: key, isProtected: protected, kind: kind, what: what)
    }
    let was = "baseline: \(Formatting.outcomes(b.counts))"
    if c.failingTrials > 0 {
      let again = b.failingTrials > 0 ? ", failing there too" : ""
      found.append(entry(.regression, "fails: \(Formatting.outcomes(c.counts)) (\(was)\(again))"))
    } else if !protected && (b.failedTrials > 0) != (c.failedTrials > 0) {
      let now = c.failedTrials > 0 ? "now fails" : "no longer fails"
      found.append(
        entry(
          .change, "unprotected verdict changed: \(now): \(Formatting.outcomes(c.counts)) (\(was))")
      )
    } else if protected && b.failingTrials > 0 {
      found.append(entry(.improvement, "passes now: \(Formatting.outcomes(c.counts)) (\(was))"))
    }
    guard let old = b.throughput?.p50, let new = c.throughput?.p50, old > 0 else {
      return found
    }
    var speed = entry(.unchanged, "")
    speed.baselineMedian = old
    speed.currentMedian = new
    let change = new / old - 1
    speed.throughputChange = change
    let text = String(
      format: "%+.1f%% ops/s (median %@ -> %@)", change * 100, Formatting.compact(old),
      Formatting.compact(new))
    if abs(change) <= threshold {
      speed.what = "\(text), within the threshold"
      return found + [speed]
    }
    let p = MannWhitney.pValue(b.rates, c.rates)
    speed.pValue = p
    if MannWhitney.smallestPValue(b.rates.count, c.rates.count) >= alpha {
      speed.kind = .inconclusive
      speed.tooFewTrials = true
      speed.what =
        "\(text), but \(b.rates.count) and \(c.rates.count) trials cannot reach p < \(alpha) "
        + "(5 a side can)"
    } else if p >= alpha {
      speed.kind = .inconclusive
      speed.what = "\(text), not significant (p = \(String(format: "%.3g", p)))"
    } else {
      speed.what = "\(text), p = \(String(format: "%.3g", p))"
      speed.kind = change > 0 ? .improvement : protected ? .regression : .change
    }
    return found + [speed]
  }
}
