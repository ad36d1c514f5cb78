import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The Mann-Whitney U test: do two samples come from the same distribution? It assumes nothing
/// about the shape of throughput (which is rarely normal on a shared machine) and only ranks,
/// so one outlier trial cannot make a change look significant.
package enum MannWhitney {
  /// The two-sided p-value for samples `a` and `b`: exact for small samples that share no
  /// value, the normal approximation (with tie and continuity corrections) otherwise.
  package static func pValue(_ a: [Double], _ b: [Double]) -> Double {
    let m = a.count
    let n = b.count
    guard m > 0, n > 0 else { return 1 }
    // U counts the pairs in which a is above b; a tie counts a half.
    var u = 0.0
    for x in a {
      for y in b { u += x > y ? 1 : (x == y ? 0.5 : 0) }
    }
    // Ties within a sample do not change U; only a value in both breaks the exact count.
    let sharesAValue = !Set(a).isDisjoint(with: b)
    if !sharesAValue && m * n <= 400 {
      let counts = distribution(m, n)
      let total = counts.reduce(0, +)
      let k = Int(u)
      let low = counts[0...min(k, counts.count - 1)].reduce(0, +) / total
      let high = counts[max(0, k)...].reduce(0, +) / total
      return min(1, 2 * min(low, high))
    }
    let mean = Double(m * n) / 2
    let ranks = midranks(a + b)
    var tieTerm = 0.0
    for (_, t) in Dictionary(grouping: ranks, by: { $0 }).mapValues(\.count) where t > 1 {
      tieTerm += Double(t * t * t - t)
    }
    let total = Double(m + n)
    let variance = Double(m * n) / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    guard variance > 0 else { return 1 }
    let z = (abs(u - mean) - 0.5) / variance.squareRoot()
    return min(1, erfc(max(0, z) / 2.0.squareRoot()))
  }

  /// The smallest two-sided p-value samples of these sizes can reach (complete separation).
  package static func smallestPValue(_ m: Int, _ n: Int) -> Double {
    guard m > 0, n > 0 else { return 1 }
    return pValue((0..<m).map(Double.init), (m..<(m + n)).map(Double.init))
  }

  /// How many orderings of m a's and n b's give each U, from 0 to m*n.
  static func distribution(_ m: Int, _ n: Int) -> [Double] {
    // table[j][u] for the current i: orderings of i a's and j b's with U = u.
    var table = (0...n).map { _ in [1.0] }
    for _ in 1...max(1, m) where m > 0 {
      var next = [[1.0]]
      for j in 1...max(1, n) where n > 0 {
        // The largest value is an a (adds j to U) or a b (adds nothing).
        let withA = [Double](repeating: 0, count: j) + table[j]
        let withB = next[j - 1]
        var sum = [Double](repeating: 0, count: max(withA.count, withB.count))
        for (i, x) in withA.enumerated() { sum[i] += x }
        for (i, x) in withB.enumerated() { sum[i] += x }
        next.append(sum)
      }
      table = next
    }
    return table[n]
  }

  private static func midranks(_ values: [Double]) -> [Double] {
    let sorted = values.sorted()
    var rank: [Double: Double] = [:]
    var i = 0
    while i < sorted.count {
      var j = i
      while j + 1 < sorted.count && sorted[j + 1] == sorted[i] { j += 1 }
      rank[sorted[i]] = Double(i + j) / 2 + 1
      i = j + 1
    }
    return values.map { rank[$0]! }
  }
}
