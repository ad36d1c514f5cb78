/// What a subject's unprotected trials at 2 or more threads showed, next to what is documented.
/// A race needs company, so single-threaded trials say nothing here; protected wrappers are the
/// fix, not the type.
package struct Verdict: Sendable, Equatable {
  package var subject: String
  package var documented: DocumentedSafety
  /// Whether the type is `Sendable` in the toolchain that built the subject; nil if unstated.
  package var sendable: Bool?
  package var trials: Int
  /// Trials that ended corrupt, crashed or hung, by outcome.
  package var failures: [Outcome: Int]

  package var failed: Int { failures.values.reduce(0, +) }

  /// One verdict per subject with unprotected cells at 2 or more threads, in first-seen order.
  package static func from(_ cells: [CellStatistics]) -> [Verdict] {
    let racing = cells.filter { !$0.cell.isProtected && $0.cell.threads > 1 }
    return racing.groupedInOrder(by: \.cell.subject).map { subject, group in
      var failures: [Outcome: Int] = [:]
      for s in group {
        for outcome in [Outcome.corrupt, .crash, .hang] {
          if let n = s.counts[outcome], n > 0 { failures[outcome, default: 0] += n }
        }
      }
      let cell = group[0].cell
      return Verdict(
        subject: subject, documented: cell.documented, sendable: cell.sendable,
        trials: group.map(\.trials).reduce(0, +), failures: failures)
    }
  }

  /// The rule of three: with no failure in n independent trials, the per-trial failure rate is
  /// below 3/n with 95% confidence.
  package var upperBound95: Double? {
    failed == 0 && trials > 0 ? min(1, 3 / Double(trials)) : nil
  }

  /// "unsafe" when any trial failed; otherwise no verdict beyond the bound.
  package var measured: String {
    if failed > 0 {
      let kinds = [Outcome.crash, .hang, .corrupt].compactMap { o in
        failures[o].map { "\(o.rawValue) \($0)" }
      }
      return "unsafe: \(failed) of \(trials) trials failed (\(kinds.joined(separator: ", ")))"
    }
    let bound = upperBound95.map { String(format: "%.3g", $0 * 100) } ?? "100"
    return "no failure seen in \(trials) trials (failure rate < \(bound)% per trial, 95%)"
  }

  /// Where documentation and measurement disagree; both directions are findings. (A
  /// `Sendable` conformance is shown beside, not judged: a Sendable value in a shared `var`
  /// still races on the variable.)
  package var disagreement: String? {
    switch (documented, failed > 0) {
    case (.safe, true): "documented safe, but failed here"
    case (.unsafe, false): "documented unsafe, but no failure reproduced here"
    default: nil
    }
  }

  /// "yes", "no" or "?" for a table.
  package var sendableText: String {
    sendable.map { $0 ? "yes" : "no" } ?? "?"
  }
}
