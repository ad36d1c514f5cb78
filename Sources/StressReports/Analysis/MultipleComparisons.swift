import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Corrections for testing many hypotheses at once: across ~300 cells, p < 0.01 alone lets
/// about 3 of them through by chance every night.
package enum MultipleComparisons {
  /// Benjamini-Hochberg adjusted p-values (q-values), in the order given: rejecting those below
  /// q keeps the expected share of false discoveries among the rejected at most q.
  package static func benjaminiHochberg(_ p: [Double]) -> [Double] {
    let m = Double(p.count)
    let order = p.indices.sorted { p[$0] < p[$1] }
    var adjusted = [Double](repeating: 1, count: p.count)
    var smallest = 1.0
    // From the largest p down: q(i) = min over j >= i of p(j) * m / j.
    for (rank, index) in order.enumerated().reversed() {
      smallest = min(smallest, p[index] * m / Double(rank + 1))
      adjusted[index] = smallest
    }
    return adjusted
  }

  /// Holm's step-down adjusted p-values, in the order given: rejecting those below alpha keeps
  /// the chance of any false rejection at most alpha.
  package static func holm(_ p: [Double]) -> [Double] {
    let m = p.count
    let order = p.indices.sorted { p[$0] < p[$1] }
    var adjusted = [Double](repeating: 1, count: m)
    var largest = 0.0
    for (rank, index) in order.enumerated() {
      largest = max(largest, min(1, p[index] * Double(m - rank)))
      adjusted[index] = largest
    }
    return adjusted
  }
}
