import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// The words of a value Analysis computes: Analysis returns values, Reports words them.

extension EnvironmentNews {
  /// "the toolchain", "the toolchain and the CPU count".
  package var whatChanged: String {
    let names = differences.map { "the \($0.name)" }
    return names.count <= 1
      ? names.joined()
      : names.dropLast().joined(separator: ", ") + " and " + names.last!
  }

  /// "the toolchain changed this verdict:", "the toolchain and the OS changed these verdicts:".
  package var heading: String {
    let plural = verdictChanges.count == 1 ? "this verdict" : "these verdicts"
    return "\(whatChanged) changed \(plural):"
  }

  /// "toolchain swift-6.3.1 -> swift-6.4; CPU count 2 -> 4".
  package var summary: String {
    differences.map { "\($0.name) \($0.baseline) -> \($0.current)" }.joined(separator: "; ")
  }

  /// "dateformatter-mutating unsafe -> no failure seen".
  package static func line(_ change: VerdictChange) -> String {
    "\(change.subject) \(change.was) -> \(change.now)"
  }
}
