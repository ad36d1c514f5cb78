import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

extension Trend {
  /// The CSV's columns: one row per cell per night, long form, for a plotting tool.
  package static let csvHeader = [
    "night", "started_at", "run_id", "toolchain", "subject", "wrapper", "protected", "threads",
    "readers", "read_ratio", "driver", "trials", "failed_trials", "median_ops_per_sec",
    "verdict",
  ]

  /// Every cell each night it ran, then nothing for the nights it did not.
  package func csv() -> String {
    let verdictOf = Dictionary(verdicts.map { ($0.subject, $0.findings) }) { a, _ in a }
    var lines = [CSV.line(Self.csvHeader)]
    for history in cells {
      for (index, night) in nights.enumerated() {
        guard let trials = history.trials[index] else { continue }
        let cell = history.cell
        lines.append(
          CSV.line([
            String(index + 1), night.startedAt, night.runIDs.joined(separator: "+"),
            night.toolchain, cell.subject, cell.wrapper, String(cell.isProtected),
            String(cell.threads), cell.readers.map(String.init) ?? "", String(cell.readRatio),
            cell.driver.rawValue, String(trials), String(history.failed[index] ?? 0),
            history.medians[index].map { String(format: "%.1f", $0) } ?? "",
            verdictOf[cell.subject]?[index] ?? "",
          ]))
      }
    }
    return lines.joined()
  }

  package func json() -> String {
    JSONOutput.encode(
      Document(
        nights: nights.map {
          .init(path: $0.path, startedAt: $0.startedAt, runIds: $0.runIDs, toolchain: $0.toolchain)
        },
        cells: cells.map {
          .init(
            subject: $0.cell.subject, wrapper: $0.cell.wrapper, protected: $0.cell.isProtected,
            threads: $0.cell.threads, readers: $0.cell.readers, readRatio: $0.cell.readRatio,
            driver: $0.cell.driver.rawValue, medianOpsPerSec: $0.medians, trials: $0.trials,
            failedTrials: $0.failed)
        },
        verdicts: verdicts.map { .init(subject: $0.subject, findings: $0.findings) }))
  }

  struct Document: Encodable {
    var formatVersion = 1
    var nights: [Night]
    var cells: [Cell]
    var verdicts: [Verdict]

    struct Night: Encodable {
      var path, startedAt: String
      var runIds: [String]
      var toolchain: String
    }
    struct Cell: Encodable {
      var subject, wrapper: String
      var `protected`: Bool
      var threads: Int
      var readers: Int?
      var readRatio: Double
      var driver: String
      /// Per night, null where the cell did not run (encoded, not dropped).
      var medianOpsPerSec: [Double?]
      var trials, failedTrials: [Int?]
    }
    struct Verdict: Encodable {
      var subject: String
      var findings: [String?]
    }
  }

  /// For a terminal: the nights, then per subject its verdicts, then per cell its medians.
  package func text() -> String {
    var text = "NIGHTS\n"
    for (index, night) in nights.enumerated() {
      text += "  \(index + 1)  \(night.startedAt)  \(night.toolchain)  \(night.path)\n"
    }
    text += "\nVERDICTS (unprotected, 2 or more threads), night by night\n"
    for history in verdicts {
      text +=
        "  \(history.subject): "
        + history.findings.map { $0 ?? "-" }.joined(separator: " | ") + "\n"
    }
    text += "\nMEDIAN OPS/S, night by night (x: a failing trial that night)\n"
    for history in cells {
      let values = history.medians.indices.map { i -> String in
        guard history.trials[i] != nil else { return "-" }
        let median = history.medians[i].map(Formatting.compact) ?? "n/a"
        return (history.failed[i] ?? 0) > 0 ? median + "x" : median
      }
      text += "  \(history.key.label): \(values.joined(separator: " "))\n"
    }
    return text
  }
}
