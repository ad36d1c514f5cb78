import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// A `Comparison` rendered for a terminal, a CI summary page (markdown) or a script (JSON),
/// with what changed under the runs (`EnvironmentNews`) first.
package struct ComparisonReport {
  let comparison: Comparison
  let news: EnvironmentNews
  let baseline: ResultsFile
  let current: ResultsFile

  package init(
    comparison: Comparison, news: EnvironmentNews, baseline: ResultsFile, current: ResultsFile
  ) {
    self.comparison = comparison
    self.news = news
    self.baseline = baseline
    self.current = current
  }

  /// The sections, in the order a reader wants them.
  static let sections: [(Comparison.Kind, String)] = [
    (.regression, "REGRESSIONS"), (.change, "CHANGES"), (.improvement, "IMPROVEMENTS"),
    (.inconclusive, "INCONCLUSIVE (beyond the threshold, not confirmed by the trials)"),
  ]

  var method: String {
    "Cells: threshold \(percent(comparison.threshold)) on median ops/s, confirmed by a "
      + "two-sided Mann-Whitney U test on the trials (5 or more a side) and by the noise "
      + "between runs (\(noise)), the larger p with the Benjamini-Hochberg correction across "
      + "the \(comparison.testedCells) matched cells: false discovery rate "
      + "\(percent(comparison.alpha)) (q < \(comparison.alpha)).\n" + Comparison.groupMethod
  }

  /// The noise between the runs in words: "the median cell -4.1%, a noise width of 17.6%".
  var noise: String {
    guard let noise = comparison.noise else {
      return "not measured: fewer than \(Comparison.RunNoise.fewestCells) cells"
    }
    return String(
      format: "measured on the cells: the median cell %+.1f%%, a noise width of %.1f%%",
      (exp(noise.center) - 1) * 100, noise.spread * 100)
  }

  var verdict: String {
    let n = comparison.regressions.count + comparison.groupRegressions.count
    return n == 0 ? "PASS: no regression." : "FAIL: \(n) regression\(n == 1 ? "" : "s")."
  }

  /// The entries listed under `kind`; changes too few trials could never confirm are counted
  /// in `unconfirmable` instead, so a quick run's report stays readable.
  func entries(_ kind: Comparison.Kind) -> [Comparison.Entry] {
    comparison.entries.filter { $0.kind == kind && !$0.tooFewTrials }
  }

  /// The wrappers and subjects listed under `kind` (the whole run has a line of its own).
  func groups(_ kind: Comparison.Kind) -> [Comparison.Group] {
    comparison.groups.filter { $0.kind == kind && $0.scope != .run }
  }

  var wholeRun: Comparison.Group? { comparison.groups.first { $0.scope == .run } }

  /// "the whole run: 31.0% slower: ... (a regression)".
  var wholeRunLine: String? {
    wholeRun.map { run in
      let kind = run.kind == .unchanged ? "" : " (\(run.kind.rawValue))"
      return "\(run.label): \(run.what)\(kind)"
    }
  }

  /// One line for the changes beyond the threshold that the trials were too few to judge.
  var unconfirmable: String? {
    let n = comparison.entries.filter(\.tooFewTrials).count
    guard n > 0 else { return nil }
    return "\(n) cell\(n == 1 ? "" : "s") moved beyond the threshold with too few trials to "
      + "judge alone; run 5 or more trials a cell (the default mode) to confirm. The groups "
      + "above judge them together."
  }

  /// The news lines: what changed under the runs, then each verdict it changed.
  var newsLines: [String] {
    guard !news.differences.isEmpty else { return [] }
    var lines = ["\(news.whatChanged.capitalizedFirst) changed: \(news.summary)."]
    if news.verdictChanges.isEmpty {
      lines.append("No subject's verdict changed with it.")
    } else {
      lines.append(news.heading.capitalizedFirst)
      lines += news.verdictChanges.map { "  " + EnvironmentNews.line($0) }
    }
    return lines
  }

  package func text() -> String {
    var text = ""
    if !newsLines.isEmpty { text += "NEWS: " + newsLines.joined(separator: "\n") + "\n\n" }
    text += "Baseline: \(baseline.path) (\(baseline.overview))\n"
    text += "Current:  \(current.path) (\(current.overview))\n\(method)\n"
    if let wholeRunLine { text += "\nWHOLE RUN: \(wholeRunLine)\n" }
    for (kind, title) in Self.sections {
      let found = entries(kind)
      let sets = groups(kind)
      guard !found.isEmpty || !sets.isEmpty else { continue }
      text += "\n\(title): \(found.count + sets.count)\n"
      for g in sets { text += "  \(g.label) (\(g.cells) cells): \(g.what)\n" }
      for e in found { text += "  \(e.key.label): \(e.what)\n" }
    }
    for reason in comparison.notJudged.map(\.text) {
      text += "\nGROUPS NOT JUDGED: \(reason.capitalizedFirst).\n"
    }
    if let unconfirmable { text += "\nNOT JUDGED ALONE: \(unconfirmable)\n" }
    let same = Set(entries(.unchanged).map(\.key)).count
    text += "\nUnchanged within the threshold: \(same) cell\(same == 1 ? "" : "s").\n"
    return text + verdict + "\n"
  }

  package func markdown() -> String {
    var text = "## stress compare: \(verdict)\n\n"
    if !news.differences.isEmpty {
      text += "### News: \(cell(newsLines[0]))\n\n"
      if news.verdictChanges.isEmpty {
        text += "No subject's verdict changed with it.\n\n"
      } else {
        text += "\(news.heading.capitalizedFirst)\n\n"
        text += "| subject | baseline | current | measured now |\n| --- | --- | --- | --- |\n"
        for change in news.verdictChanges {
          text +=
            "| \(cell(change.subject)) | \(change.was) | \(change.now) | "
            + "\(cell(change.verdict.measured)) |\n"
        }
        text += "\n"
      }
    }
    text += "| | file | run |\n| --- | --- | --- |\n"
    text += "| baseline | `\(cell(baseline.path))` | \(cell(baseline.overview)) |\n"
    text += "| current | `\(cell(current.path))` | \(cell(current.overview)) |\n\n"
    text += method.replacingOccurrences(of: "\n", with: "\n\n") + "\n"
    if let wholeRunLine { text += "\n**Whole run:** \(cell(wholeRunLine))\n" }
    for (kind, title) in Self.sections {
      let found = entries(kind)
      let sets = groups(kind)
      guard !found.isEmpty || !sets.isEmpty else { continue }
      text += "\n### \(title): \(found.count + sets.count)\n\n| cell | what |\n| --- | --- |\n"
      for g in sets { text += "| \(cell(g.label)) (\(g.cells) cells) | \(cell(g.what)) |\n" }
      for e in found { text += "| \(cell(e.key.label)) | \(cell(e.what)) |\n" }
    }
    for reason in comparison.notJudged.map(\.text) {
      text += "\n**Groups not judged:** \(cell(reason.capitalizedFirst)).\n"
    }
    if let unconfirmable { text += "\n**Not judged alone:** \(unconfirmable)\n" }
    return text
      + "\nUnchanged within the threshold: \(Set(entries(.unchanged).map(\.key)).count) cells.\n"
  }

  package func json() -> String {
    JSONOutput.encode(
      Document(
        baseline: baseline.path, current: current.path, threshold: comparison.threshold,
        alpha: comparison.alpha, correction: "benjamini-hochberg",
        falseDiscoveryRate: comparison.alpha, testedCells: comparison.testedCells,
        noise: comparison.noise.map {
          Document.Noise(medianCellChange: exp($0.center) - 1, width: $0.spread, cells: $0.cells)
        },
        machineChange: comparison.machineChange,
        groupCorrection: "holm",
        regressions: comparison.regressions.count + comparison.groupRegressions.count,
        passed: comparison.passed,
        environment: Document.Environment(
          changed: !news.differences.isEmpty,
          differences: news.differences.map {
            Document.Difference(what: $0.name, baseline: $0.baseline, current: $0.current)
          },
          heading: news.differences.isEmpty ? nil : news.heading,
          verdictChanges: news.verdictChanges.map {
            Document.VerdictChange(
              subject: $0.subject, baseline: $0.was, current: $0.now, measured: $0.verdict.measured)
          }),
        groups: comparison.groups.map {
          Document.Group(
            scope: $0.label, cells: $0.cells, slower: $0.slower, faster: $0.faster,
            change: $0.change, pValue: $0.pValue, adjustedPValue: $0.adjustedPValue,
            noiseWidths: $0.noiseWidths, machineChange: $0.machineChange,
            kind: $0.kind.rawValue, what: $0.what, notJudged: $0.notJudgedText)
        },
        entries: comparison.entries.map {
          Document.Entry(
            subject: $0.key.subject, wrapper: $0.key.wrapper, threads: $0.key.threads,
            readers: $0.key.readers, driver: $0.key.driver.rawValue, readRatio: $0.key.readRatio,
            protected: $0.isProtected, kind: $0.kind.rawValue, what: $0.what,
            baselineMedianOpsPerSec: $0.baselineMedian, currentMedianOpsPerSec: $0.currentMedian,
            throughputChange: $0.throughputChange, pValue: $0.pValue,
            noiseWidths: $0.noiseWidths, noisePValue: $0.noisePValue,
            adjustedPValue: $0.adjustedPValue, tooFewTrials: $0.tooFewTrials)
        }))
  }

  struct Document: Encodable {
    var formatVersion = 3
    var baseline, current: String
    var threshold, alpha: Double
    var correction: String
    var falseDiscoveryRate: Double
    var testedCells: Int
    /// The noise between the runs: nil under 20 cells.
    var noise: Noise?
    /// The positive control's change: the machine's speed.
    var machineChange: Double?
    var groupCorrection: String
    var regressions: Int
    var passed: Bool
    var environment: Environment
    var groups: [Group]
    var entries: [Entry]

    struct Environment: Encodable {
      var changed: Bool
      var differences: [Difference]
      var heading: String?
      var verdictChanges: [VerdictChange]
    }
    struct Difference: Encodable { var what, baseline, current: String }
    struct Noise: Encodable {
      var medianCellChange, width: Double
      var cells: Int
    }
    struct VerdictChange: Encodable { var subject, baseline, current, measured: String }
    struct Group: Encodable {
      var scope: String
      var cells, slower, faster: Int
      var change, pValue, adjustedPValue: Double
      var noiseWidths, machineChange: Double?
      var kind, what: String
      /// Why the group was not judged beside the run; nil if it was.
      var notJudged: String?
    }
    struct Entry: Encodable {
      var subject, wrapper: String
      var threads: Int
      var readers: Int?
      var driver: String
      var readRatio: Double
      var `protected`: Bool
      var kind, what: String
      var baselineMedianOpsPerSec, currentMedianOpsPerSec, throughputChange, pValue: Double?
      var noiseWidths, noisePValue, adjustedPValue: Double?
      var tooFewTrials: Bool
    }
  }

  /// A markdown table cell: pipes escaped, newlines flattened.
  private func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }

  private func percent(_ x: Double) -> String {
    let p = x * 100
    return p == p.rounded() ? "\(Int(p))%" : "\(p)%"
  }
}

extension String {
  /// "the toolchain" -> "The toolchain".
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
