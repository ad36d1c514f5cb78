import StressKit

/// A `Comparison` rendered for a terminal, a CI summary page (markdown) or a script (JSON).
struct ComparisonReport {
  let comparison: Comparison
  let baseline: ResultsFile
  let current: ResultsFile

  /// The sections, in the order a reader wants them.
  static let sections: [(Comparison.Kind, String)] = [
    (.regression, "REGRESSIONS"), (.change, "CHANGES"), (.improvement, "IMPROVEMENTS"),
    (.inconclusive, "INCONCLUSIVE (beyond the threshold, not confirmed by the trials)"),
  ]

  var method: String {
    "Threshold \(percent(comparison.threshold)) on median ops/s, confirmed by a two-sided "
      + "Mann-Whitney U test at p < \(comparison.alpha) (5 or more trials a side)."
  }

  var verdict: String {
    let n = comparison.regressions.count
    return n == 0 ? "PASS: no regression." : "FAIL: \(n) regression\(n == 1 ? "" : "s")."
  }

  /// The entries listed under `kind`; changes too few trials could never confirm are counted
  /// in `unconfirmable` instead, so a quick run's report stays readable.
  func entries(_ kind: Comparison.Kind) -> [Comparison.Entry] {
    comparison.entries.filter { $0.kind == kind && !$0.tooFewTrials }
  }

  /// One line for the changes beyond the threshold that the trials were too few to judge.
  var unconfirmable: String? {
    let n = comparison.entries.filter(\.tooFewTrials).count
    guard n > 0 else { return nil }
    return "\(n) cell\(n == 1 ? "" : "s") moved beyond the threshold with too few trials to "
      + "judge; run 5 or more trials a cell (the default mode) to confirm."
  }

  func text() -> String {
    var text = "Baseline: \(baseline.path) (\(baseline.overview))\n"
    text += "Current:  \(current.path) (\(current.overview))\n\(method)\n"
    for (kind, title) in Self.sections {
      let found = entries(kind)
      guard !found.isEmpty else { continue }
      text += "\n\(title): \(found.count)\n"
      for e in found { text += "  \(e.key.label): \(e.what)\n" }
    }
    if let unconfirmable { text += "\nNOT JUDGED: \(unconfirmable)\n" }
    let same = Set(entries(.unchanged).map(\.key)).count
    text += "\nUnchanged within the threshold: \(same) cell\(same == 1 ? "" : "s").\n"
    return text + verdict + "\n"
  }

  func markdown() -> String {
    var text = "## stress compare: \(verdict)\n\n"
    text += "| | file | run |\n| --- | --- | --- |\n"
    text += "| baseline | `\(cell(baseline.path))` | \(cell(baseline.overview)) |\n"
    text += "| current | `\(cell(current.path))` | \(cell(current.overview)) |\n\n\(method)\n"
    for (kind, title) in Self.sections {
      let found = entries(kind)
      guard !found.isEmpty else { continue }
      text += "\n### \(title): \(found.count)\n\n| cell | what |\n| --- | --- |\n"
      for e in found { text += "| \(cell(e.key.label)) | \(cell(e.what)) |\n" }
    }
    if let unconfirmable { text += "\n**Not judged:** \(unconfirmable)\n" }
    return text
      + "\nUnchanged within the threshold: \(Set(entries(.unchanged).map(\.key)).count) cells.\n"
  }

  func json() -> String {
    JSONOutput.encode(
      Document(
        baseline: baseline.path, current: current.path, threshold: comparison.threshold,
        alpha: comparison.alpha, regressions: comparison.regressions.count,
        passed: comparison.regressions.isEmpty,
        entries: comparison.entries.map {
          Document.Entry(
            subject: $0.key.subject, wrapper: $0.key.wrapper, threads: $0.key.threads,
            readers: $0.key.readers, driver: $0.key.driver.rawValue, protected: $0.isProtected,
            kind: $0.kind.rawValue, what: $0.what, baselineMedianOpsPerSec: $0.baselineMedian,
            currentMedianOpsPerSec: $0.currentMedian, throughputChange: $0.throughputChange,
            pValue: $0.pValue, tooFewTrials: $0.tooFewTrials)
        }))
  }

  struct Document: Encodable {
    var formatVersion = 1
    var baseline, current: String
    var threshold, alpha: Double
    var regressions: Int
    var passed: Bool
    var entries: [Entry]

    struct Entry: Encodable {
      var subject, wrapper: String
      var threads: Int
      var readers: Int?
      var driver: String
      var `protected`: Bool
      var kind, what: String
      var baselineMedianOpsPerSec, currentMedianOpsPerSec, throughputChange, pValue: Double?
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
