import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// MARK: - Which wrapper: a heatmap per thread count

extension HTMLReport {
  /// A table per thread count: a row per subject and read mix, a column per wrapper, each cell
  /// its median over the fastest correct protected wrapper's, coloured from green (the best)
  /// to red (a tenth of it or less); a wrapper that failed a trial is marked, not coloured.
  /// Then the recommendations the numbers support.
  func wrappersSection() -> String {
    let comparison = digest.comparison
    let conditions = comparison.conditions.filter { $0.entries.count > 1 && $0.readers == nil }
    guard !conditions.isEmpty else { return "" }
    // Columns in the plan's order, not a condition's ranking.
    let ranked = Set(conditions.flatMap { $0.entries.map(\.wrapper) })
    let wrappers = Self.inOrder(cells.map(\.cell.wrapper)).filter(ranked.contains)
    var html = "<h2>Wrappers side by side</h2>\n<p class=\"note\">Median ops/s over the fastest "
    html += "correct protected wrapper's in the same subject, thread count and read mix (1 is "
    html += "the best; ~ its 99.9% interval overlaps the best's). Failed: some trial did not "
    html += "end ok, so its speed does not count.</p>\n"
    for (threads, group) in conditions.groupedInOrder(by: \.threads).sorted(by: { $0.key < $1.key })
    {
      html += "<h3>\(threads) thread\(threads == 1 ? "" : "s")</h3>\n<table class=\"heat\">\n"
      html += "<tr><th>subject</th><th>reads</th>"
      html += wrappers.map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr>\n"
      for c in group {
        html +=
          "<tr><td>\(Markup.escape(c.subject))</td><td>\(Formatting.percent(c.readRatio))</td>"
        for wrapper in wrappers {
          guard let e = c.entries.first(where: { $0.wrapper == wrapper }) else {
            html += "<td class=\"none\">-</td>"
            continue
          }
          if e.failed {
            html += "<td class=\"failed\">failed</td>"
          } else if let ratio = e.ratioToBest {
            let mark = e.indistinguishable == true && e.wrapper != c.best?.wrapper ? "~" : ""
            html += "<td class=\"cell\" style=\"background:\(Self.heat(ratio))\" "
            html += "title=\"\(Formatting.compact(e.median ?? 0)) ops/s\">"
            html += "\(mark)\(String(format: "%.2f", ratio))</td>"
          } else {
            html += "<td class=\"none\">?</td>"
          }
        }
        html += "</tr>\n"
      }
      html += "</table>\n"
    }
    let recommendations = digest.recommendations
    if !recommendations.isEmpty {
      html += "<h3>Recommendations (computed from these numbers)</h3>\n<ul>\n"
      for r in recommendations {
        html += "<li><b>\(Markup.escape(r.subject))</b>: \(Markup.escape(r.text)) "
        html += "<code>\(Markup.escape(r.command))</code></li>\n"
      }
      html += "</ul>\n"
    }
    return html
  }

  /// Green at 1, through yellow, to red at 0.1 and below (a log scale: 0.5 and 0.05 look
  /// equally far from their neighbours). Above 1 (an unprotected wrapper faster than the best
  /// protected one) stays green.
  package static func heat(_ ratio: Double) -> String {
    let x = max(0, min(1, 1 + log10(max(ratio, 1e-9))))
    let hue = Int((x * 120).rounded())
    return "hsl(\(hue),65%,38%)"
  }

  /// Each item once, in first-seen order.
  static func inOrder(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }
}
