import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What `stress verdicts` prints, from one digest of the files: per subject what is
/// documented, whether the type is Sendable and what its unprotected trials showed, then the
/// cells whose declared expectation broke.
package struct VerdictsReport {
  let digest: RunDigest

  package init(_ digest: RunDigest) { self.digest = digest }

  /// The table, then the first ten trials that broke an expectation; a sentence when no cell
  /// can be judged.
  package var text: String {
    guard !digest.verdicts.isEmpty else {
      return "No unprotected trials at 2 or more threads: nothing to judge.\n"
    }
    var text = TextTable(
      header: ["subject", "documented", "sendable", "measured (unprotected, 2+ threads)", "note"],
      rows: digest.verdicts.map {
        [$0.subject, $0.documented.rawValue, $0.sendableText, $0.measured, $0.disagreement ?? ""]
      }
    ).render()
    let broken = digest.failingSamples.compactMap { r in r.brokenExpectation.map { (r, $0) } }
    for (record, expectation) in broken.prefix(10) {
      text +=
        "Expectation broken: \(CellKey(record.cell).label), trial \(record.trial): "
        + "\(expectation) (\(record.result.outcome.rawValue))\n"
    }
    return text
  }

  /// `--format json`: the verdicts as the summary's JSON has them, and the cells whose declared
  /// expectation broke.
  package var json: String {
    JSONOutput.encode(
      Document(
        verdicts: SummaryDocument(digest).verdicts,
        brokenExpectations: digest.cells.compactMap { s in
          guard let expectation = s.cell.expectation, s.failedTrials > 0 else { return nil }
          return Document.Broken(
            subject: s.cell.subject, wrapper: s.cell.wrapper, threads: s.cell.threads,
            expectation: expectation, failedTrials: s.failedTrials, trials: s.trials)
        }))
  }

  struct Document: Encodable {
    var verdicts: [SummaryDocument.VerdictEntry]
    var brokenExpectations: [Broken]

    struct Broken: Encodable {
      var subject, wrapper: String
      var threads: Int
      var expectation: String
      var failedTrials, trials: Int
    }
  }
}
