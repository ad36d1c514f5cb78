import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The sign test: of n paired changes, are more in one direction than a fair coin would give?
/// It needs only each pair's direction, so it judges a whole run even when every cell has too
/// few trials for a test of its own, and one wild cell weighs no more than a quiet one.
package enum SignTest {
  /// The exact two-sided p-value for `down` changes one way and `up` the other (ties left out):
  /// twice the binomial(n, 1/2) tail beyond the smaller count, at most 1.
  package static func pValue(down: Int, up: Int) -> Double {
    let n = down + up
    guard n > 0 else { return 1 }
    let k = min(down, up)
    // Summed in log space: 0.5^n underflows a Double past n = 1074.
    let logs = (0...k).map { logChoose(n, $0) - Double(n) * log(2) }
    let top = logs.max()!
    let tail = exp(top) * logs.map { exp($0 - top) }.reduce(0, +)
    return min(1, 2 * tail)
  }

  static func logChoose(_ n: Int, _ k: Int) -> Double {
    lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
  }
}
