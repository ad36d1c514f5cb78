import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// How numbers and outcome counts read in every text the tool prints (console, compare, HTML).
package enum Formatting {
  /// 12345678 -> "12.3M".
  package static func compact(_ x: Double) -> String {
    // No output prints inf or nan: a value that is not a number is said to be none.
    guard x.isFinite else { return "n/a" }
    return switch x {
    case 1e9...: String(format: "%.1fG", x / 1e9)
    case 1e6...: String(format: "%.1fM", x / 1e6)
    case 1e3...: String(format: "%.1fk", x / 1e3)
    default: String(format: "%.0f", x)
    }
  }

  /// A share as a percentage: 0.9 -> "90%", 0.999 -> "99.9%".
  package static func percent(_ share: Double) -> String {
    let p = share * 100
    return (p == p.rounded() ? String(Int(p)) : String(format: "%g", p)) + "%"
  }

  /// Outcome counts, worst first: "crash 2/5, ok 3/5".
  package static func outcomes(_ counts: [Outcome: Int]) -> String {
    let total = counts.values.reduce(0, +)
    return Outcome.allCases.reversed().compactMap { outcome in
      counts[outcome].map { "\(outcome.rawValue) \($0)/\(total)" }
    }.joined(separator: ", ")
  }

  /// A p-value in 3 significant digits: 0.00794 -> "0.00794", 3.1e-61 -> "3.1e-61"; one too
  /// small for a Double is "< 1e-300".
  package static func pValue(_ p: Double) -> String {
    p < 1e-300 ? "< 1e-300" : String(format: p < 1e-4 ? "%.2g" : "%.3g", p)
  }
}
