import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Student's t distribution: how far a value may stray from a few others measured alike, when
/// their spread is itself estimated from those few (a prediction from k draws has k - 1
/// degrees of freedom). Its tails are wider than a normal's, the more so the fewer the draws.
package enum StudentT {
  /// The two-sided tail beyond `t` with `degreesOfFreedom`: the regularized incomplete beta
  /// I_x(df/2, 1/2) at x = df / (df + t²).
  package static func twoSidedP(_ t: Double, degreesOfFreedom df: Int) -> Double {
    guard t.isFinite else { return t.isNaN ? 1 : 0 }
    guard df > 0 else { return 1 }
    let v = Double(df)
    return min(1, max(0, incompleteBeta(v / 2, 0.5, v / (v + t * t))))
  }

  /// The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz),
  /// taken on the side of x where it converges fast.
  static func incompleteBeta(_ a: Double, _ b: Double, _ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
    let front = exp(logBeta + a * log(x) + b * log(1 - x))
    if x < (a + 1) / (a + b + 2) { return front * fraction(a, b, x) / a }
    return 1 - front * fraction(b, a, 1 - x) / b
  }

  private static func fraction(_ a: Double, _ b: Double, _ x: Double) -> Double {
    let tiny = 1e-300
    func guarded(_ value: Double) -> Double { abs(value) < tiny ? tiny : value }
    var c = 1.0
    var d = 1 / guarded(1 - (a + b) * x / (a + 1))
    var h = d
    for m in 1...300 {
      let m = Double(m)
      let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 / guarded(1 + even * d)
      c = guarded(1 + even / c)
      h *= d * c
      let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 / guarded(1 + odd * d)
      c = guarded(1 + odd / c)
      let step = d * c
      h *= step
      if abs(step - 1) < 1e-14 { break }
    }
    return h
  }
}
