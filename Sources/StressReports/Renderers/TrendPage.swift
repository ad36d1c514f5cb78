import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The trend as one self-contained HTML page (well-formed XHTML, no network): per subject a
/// small chart of each wrapper's throughput night by night and a strip of its verdicts.
package struct TrendPage: Sendable {
  package var title: String
  package var trend: Trend

  package init(title: String, trend: Trend) {
    self.title = title
    self.trend = trend
  }

  static let width = 560.0
  static let height = 200.0
  static let left = 56.0
  static let right = 130.0
  static let top = 12.0
  static let bottom = 48.0
  static let findingColors = [
    "unsafe": "#c62828", "no failure seen": "#2e7d32", "inconclusive": "#9e9e9e",
  ]

  package func render() -> String {
    var html = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>\(Markup.escape(title))</title>
      <style>\(HTMLReport.style)</style>
      </head>
      <body>
      <h1>\(Markup.escape(title))</h1>
      <p class="note">\(trend.nights.count) nights, \(Markup.escape(trend.nights.first?.startedAt ?? "")) to \(Markup.escape(trend.nights.last?.startedAt ?? "")). Each line is a wrapper: the geometric mean of its cells' median ops/s that night (log scale). Under it, the subject's verdict each night: <span class="swatch" style="background:#c62828"></span>unsafe <span class="swatch" style="background:#2e7d32"></span>no failure seen <span class="swatch" style="background:#9e9e9e"></span>inconclusive.</p>

      """
    let verdictOf = Dictionary(trend.verdicts.map { ($0.subject, $0.findings) }) { a, _ in a }
    for (subject, histories) in trend.cells.groupedInOrder(by: \.cell.subject) {
      html += "<h2 id=\"\(HTMLReport.anchor(subject))\">\(Markup.escape(subject))</h2>\n"
      html += chart(subject, histories, verdictOf[subject]) + "\n"
    }
    return html + "</body>\n</html>\n"
  }

  /// Each wrapper's geometric mean over its cells' medians, per night; nil where none ran.
  static func lines(_ histories: [Trend.CellHistory], nights: Int) -> [(String, [Double?])] {
    histories.groupedInOrder(by: \.cell.wrapper).map { wrapper, cells in
      let values = (0..<nights).map { night -> Double? in
        let medians = cells.compactMap { $0.medians[night] }.filter { $0 > 0 }
        guard !medians.isEmpty else { return nil }
        return exp(medians.map(log).reduce(0, +) / Double(medians.count))
      }
      return (wrapper, values)
    }
  }

  func chart(_ subject: String, _ histories: [Trend.CellHistory], _ findings: [String?]?)
    -> String
  {
    let nights = trend.nights.count
    let series = Self.lines(histories, nights: nights)
    let values = series.flatMap { $0.1.compactMap { $0 } }
    let plotRight = Self.width - Self.right
    let plotBottom = Self.height - Self.bottom
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" "
      + "height=\"\(Int(Self.height))\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" "
      + "role=\"img\" aria-label=\"\(Markup.escape(subject)) night by night\">\n"
    func x(_ night: Int) -> Double {
      nights <= 1
        ? (Self.left + plotRight) / 2
        : Self.left + 10 + Double(night) / Double(nights - 1) * (plotRight - Self.left - 20)
    }
    if let low = values.min(), let high = values.max() {
      let minExp = floor(log10(low))
      let maxExp = max(ceil(log10(high)), minExp + 1)
      func y(_ v: Double) -> Double {
        plotBottom - (log10(v) - minExp) / (maxExp - minExp) * (plotBottom - Self.top)
      }
      for e in stride(from: minExp, through: maxExp, by: 1) {
        let yy = y(pow(10, e))
        svg +=
          "<line x1=\"\(Self.left)\" y1=\"\(f(yy))\" x2=\"\(plotRight)\" y2=\"\(f(yy))\" "
          + "stroke=\"#eee\"/><text x=\"\(Self.left - 6)\" y=\"\(f(yy + 4))\" "
          + "text-anchor=\"end\">\(Formatting.compact(pow(10, e)))</text>\n"
      }
      for (index, (wrapper, points)) in series.enumerated() {
        let color = ThroughputChart.palette[index % ThroughputChart.palette.count]
        // A night without the wrapper breaks its line.
        var path = ""
        var pen = "M"
        for (night, value) in points.enumerated() {
          guard let value else {
            pen = "M"
            continue
          }
          path += "\(pen)\(f(x(night))),\(f(y(value))) "
          pen = "L"
          svg +=
            "<circle cx=\"\(f(x(night)))\" cy=\"\(f(y(value)))\" r=\"2.5\" fill=\"\(color)\">"
            + "<title>\(Markup.escape(wrapper)), night \(night + 1): "
            + "\(Formatting.compact(value)) ops/s</title></circle>\n"
        }
        svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
        svg +=
          "<text x=\"\(plotRight + 8)\" y=\"\(f(Self.top + 12 + Double(index) * 14))\" "
          + "fill=\"\(color)\">\(Markup.escape(wrapper))</text>\n"
      }
    } else {
      svg += "<text x=\"\(Self.left)\" y=\"\(f(plotBottom / 2))\">no trial finished</text>\n"
    }
    // The verdict strip, one square per night.
    let stripY = plotBottom + 12
    for night in 0..<nights {
      let finding = findings?[night]
      let color = finding.flatMap { Self.findingColors[$0] } ?? "#ffffff"
      svg +=
        "<rect x=\"\(f(x(night) - 5))\" y=\"\(f(stripY))\" width=\"10\" height=\"10\" "
        + "fill=\"\(color)\" stroke=\"#bbb\"><title>night \(night + 1): "
        + "\(Markup.escape(finding ?? "no verdict"))</title></rect>\n"
    }
    svg += "<text x=\"\(Self.left)\" y=\"\(f(Self.height - 6))\">nights 1 to \(nights)</text>\n"
    return svg + "</svg>"
  }

  private func f(_ v: Double) -> String { String(format: "%.1f", v) }
}
