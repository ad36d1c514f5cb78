import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What changed under the runs rather than in them: the toolchain (and so the Foundation it
/// links), the OS or the CPU count. Verdicts really change when these do, so `compare` says so
/// first, with each subject's verdict that changed under the heading of what changed.
package struct EnvironmentNews: Sendable, Equatable {
  package struct Difference: Sendable, Equatable {
    /// "toolchain", "OS" or "CPU count".
    package var name: String
    package var baseline: String
    package var current: String
  }

  package struct VerdictChange: Sendable, Equatable {
    package var subject: String
    /// `Verdict.finding` in each run: "unsafe", "no failure seen", "inconclusive".
    package var was: String
    package var now: String
    /// The current run's verdict.
    package var verdict: Verdict
  }

  package var differences: [Difference]
  /// Subjects in both runs whose verdict differs; empty unless `differences` is not.
  package var verdictChanges: [VerdictChange]

  /// The files' environment columns, and the verdicts of their digests.
  package init(
    baseline: ResultsFile, current: ResultsFile, baselineDigest: RunDigest,
    currentDigest: RunDigest
  ) {
    let columns = [("toolchain", "toolchain"), ("OS", "os"), ("CPU count", "cpus")]
    differences = columns.compactMap { name, column in
      let was = baseline.values(column).joined(separator: " + ")
      let now = current.values(column).joined(separator: " + ")
      return was == now ? nil : Difference(name: name, baseline: was, current: now)
    }
    guard !differences.isEmpty else {
      verdictChanges = []
      return
    }
    let old = Dictionary(
      baselineDigest.verdicts.map { ($0.subject, $0) }, uniquingKeysWith: { a, _ in a })
    verdictChanges = currentDigest.verdicts.compactMap { verdict in
      guard let was = old[verdict.subject], was.finding != verdict.finding else { return nil }
      return VerdictChange(
        subject: verdict.subject, was: was.finding, now: verdict.finding,
        verdict: verdict)
    }
  }
}
