import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Several runs of a plan, night by night: per cell its median throughput and failing trials
/// each night, and per subject its verdict each night, for the history of a nightly job.
///
/// A night is one results file (its shards merged first); nights are ordered by when they
/// started, whatever order the files were named in. A cell or a subject absent from a night
/// has nil there.
package struct Trend: Sendable {
  package struct Night: Sendable, Equatable {
    package var path: String
    /// The earliest `started_at` of the file's rows (ISO 8601, UTC).
    package var startedAt: String
    package var runIDs: [String]
    package var toolchain: String
  }

  package struct CellHistory: Sendable {
    package var cell: Cell
    package var key: CellKey
    /// Median ops/s each night; nil where the cell did not run or no trial finished.
    package var medians: [Double?]
    /// Trials each night, and those that failed; nil where the cell did not run.
    package var trials: [Int?]
    package var failed: [Int?]
  }

  package struct VerdictHistory: Sendable {
    package var subject: String
    /// `Verdict.finding` each night: "unsafe", "no failure seen", "inconclusive"; nil where
    /// the subject had no unprotected cell of 2 or more threads.
    package var findings: [String?]
  }

  package var nights: [Night]
  package var cells: [CellHistory]
  package var verdicts: [VerdictHistory]

  /// The nights of `files`, each file one night; cells and subjects in first-seen order.
  package init(_ files: [ResultsFile]) {
    let ordered = files.map { file in
      let starts = file.values("started_at").sorted()
      return (
        night: Night(
          path: file.path, startedAt: starts.first ?? "", runIDs: file.values("run_id"),
          toolchain: file.values("toolchain").joined(separator: " + ")),
        cells: CellStatistics.compute(file.records)
      )
    }.enumerated().sorted { a, b in
      (a.element.night.startedAt, a.offset) < (b.element.night.startedAt, b.offset)
    }.map(\.element)
    nights = ordered.map(\.night)
    var keys: [CellKey] = []
    var first: [CellKey: Cell] = [:]
    var byNight: [[CellKey: CellStatistics]] = []
    for night in ordered {
      var found: [CellKey: CellStatistics] = [:]
      for stats in night.cells where !stats.cell.isControl {
        let key = CellKey(stats.cell)
        if first[key] == nil {
          first[key] = stats.cell
          keys.append(key)
        }
        found[key] = stats
      }
      byNight.append(found)
    }
    cells = keys.map { key in
      CellHistory(
        cell: first[key]!, key: key, medians: byNight.map { $0[key]?.throughput?.p50 },
        trials: byNight.map { $0[key]?.trials }, failed: byNight.map { $0[key]?.failedTrials })
    }
    // Each night's verdicts are its digest's, the control weighed as its report weighs it.
    let nightly = ordered.map { RunDigest($0.cells).verdicts }
    let findings = nightly.map { verdicts in
      Dictionary(verdicts.map { ($0.subject, $0.finding) }, uniquingKeysWith: { a, _ in a })
    }
    var subjects: [String] = []
    for verdict in nightly.joined() where !subjects.contains(verdict.subject) {
      subjects.append(verdict.subject)
    }
    verdicts = subjects.map { subject in
      VerdictHistory(subject: subject, findings: findings.map { $0[subject] })
    }
  }
}
