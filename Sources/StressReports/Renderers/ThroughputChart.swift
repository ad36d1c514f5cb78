import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// One subject's throughput against thread count as an SVG line chart: a line per wrapper
/// through the medians, a min-max band, log scales on both axes.
struct ThroughputChart {
  let subject: String
  let cells: [CellStatistics]

  static let width = 760.0
  static let height = 340.0
  static let left = 64.0
  static let right = 190.0
  static let top = 16.0
  static let bottom = 40.0
  /// Line colours, kept clear of the outcome colours' red so a wrapper never reads as a crash.
  static let palette = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
    "#bcbd22", "#393b79",
  ]

  /// A line's name: the wrapper, with roles or a non-default driver, and the read mix where
  /// the cells come in several (`mixes`).
  static func series(_ cell: Cell, mixes: Bool = false) -> String {
    var name = cell.wrapper
    if let readers = cell.readers { name += ", \(readers) readers" }
    if mixes && cell.readers == nil { name += ", \(cell.mixText)" }
    if cell.driver == .dispatchApply { name += " (dispatch-apply)" }
    return name
  }

  func svg() -> String {
    let threads = Array(Set(cells.map(\.cell.threads))).sorted()
    let values = cells.compactMap(\.throughput).flatMap { [$0.p0, $0.p100] }.filter {
      $0 > 0 && $0.isFinite
    }
    let plotRight = Self.width - Self.right
    let plotBottom = Self.height - Self.bottom
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" "
      + "height=\"\(Int(Self.height))\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" "
      + "role=\"img\" aria-label=\"\(Markup.escape(subject)) throughput\">\n"
    guard let low = values.min(), let high = values.max() else {
      return svg + "<text x=\"\(Self.left)\" y=\"\(Self.height / 2)\">no trial finished: "
        + "no throughput to draw</text>\n</svg>"
    }
    // Whole decades, so the ticks are 1k, 10k, 100k...
    let minExp = floor(log10(low))
    let maxExp = max(ceil(log10(high)), minExp + 1)
    func y(_ v: Double) -> Double {
      // A band reaching 0 (a trial that did nothing) is drawn to the bottom edge.
      let v = max(v, pow(10, minExp))
      return plotBottom - (log10(v) - minExp) / (maxExp - minExp) * (plotBottom - Self.top)
    }
    let lowT = log2(Double(threads.first!))
    let highT = log2(Double(threads.last!))
    func x(_ n: Int) -> Double {
      guard highT > lowT else { return (Self.left + plotRight) / 2 }
      return Self.left + 20 + (log2(Double(n)) - lowT) / (highT - lowT)
        * (plotRight - Self.left - 40)
    }
    // Axes, decade grid lines and labels.
    // At most a dozen grid lines, however many decades the values span.
    let step = max(1, ceil((maxExp - minExp) / 12))
    for e in stride(from: minExp, through: maxExp, by: step) {
      let v = pow(10, e)
      svg += "<line x1=\"\(f(Self.left))\" x2=\"\(f(plotRight))\" y1=\"\(f(y(v)))\" "
      svg += "y2=\"\(f(y(v)))\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(f(Self.left - 6))\" y=\"\(f(y(v) + 4))\" text-anchor=\"end\">"
      svg += "\(Formatting.compact(v))</text>\n"
    }
    for n in threads {
      svg += "<line x1=\"\(f(x(n)))\" x2=\"\(f(x(n)))\" y1=\"\(f(plotBottom))\" "
      svg += "y2=\"\(f(plotBottom + 4))\" stroke=\"#333\"/>\n"
      svg +=
        "<text x=\"\(f(x(n)))\" y=\"\(f(plotBottom + 16))\" text-anchor=\"middle\">\(n)</text>\n"
    }
    svg += "<rect x=\"\(f(Self.left))\" y=\"\(f(Self.top))\" width=\"\(f(plotRight - Self.left))\" "
    svg += "height=\"\(f(plotBottom - Self.top))\" fill=\"none\" stroke=\"#333\"/>\n"
    svg += "<text x=\"\(f((Self.left + plotRight) / 2))\" y=\"\(f(Self.height - 6))\" "
    svg += "text-anchor=\"middle\">threads</text>\n"
    svg += "<text transform=\"translate(14 \(f((Self.top + plotBottom) / 2))) rotate(-90)\" "
    svg += "text-anchor=\"middle\">ops/s (all threads)</text>\n"

    let mixes = cells.map(\.cell).sweepsReadMix
    let lines = cells.groupedInOrder(by: { Self.series($0.cell, mixes: mixes) })
    for (i, line) in lines.enumerated() {
      svg += series(i, line.key, line.elements, x: x, y: y)
    }
    return svg + "</svg>"
  }

  /// Series `i`, called `name`: its band from p0 to p100, its median line, a point a thread
  /// count (a cross where a trial failed) and its legend entry.
  private func series(
    _ i: Int, _ name: String, _ elements: [CellStatistics], x: (Int) -> Double,
    y: (Double) -> Double
  ) -> String {
    let plotRight = Self.width - Self.right
    let plotBottom = Self.height - Self.bottom
    var svg = ""
    let color = Self.palette[i % Self.palette.count]
    let points = elements.sorted { $0.cell.threads < $1.cell.threads }
    let finished = points.filter { ($0.throughput?.p50 ?? 0) > 0 }
    let dash = points[0].cell.isProtected ? "" : " stroke-dasharray=\"6 4\""
    if finished.count > 1 {
      let upper = finished.map { "\(f(x($0.cell.threads))),\(f(y($0.throughput!.p100)))" }
      let lower = finished.reversed().map {
        "\(f(x($0.cell.threads))),\(f(y($0.throughput!.p0)))"
      }
      svg += "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(color)\" "
      svg += "fill-opacity=\"0.12\" stroke=\"none\"/>\n"
      let median = finished.map { "\(f(x($0.cell.threads))),\(f(y($0.throughput!.p50)))" }
      svg += "<polyline points=\"\(median.joined(separator: " "))\" fill=\"none\" "
      svg += "stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
    }
    for s in points {
      let px = x(s.cell.threads)
      let tip =
        "\(name), \(s.cell.threads) threads: \(Formatting.outcomes(s.counts))"
        + (s.throughput.map { ", median \(Formatting.compact($0.p50)) ops/s" } ?? "")
      if let t = s.throughput, t.p50 > 0 {
        svg += "<circle cx=\"\(f(px))\" cy=\"\(f(y(t.p50)))\" r=\"3.5\" fill=\"\(color)\">"
        svg += "<title>\(Markup.escape(tip))</title></circle>\n"
        if s.failedTrials > 0 { svg += cross(px, y(t.p50), tip) }
      } else {
        svg += cross(px, plotBottom - 6, tip)
      }
    }
    let ly = Self.top + 10 + Double(i) * 18
    svg += "<line x1=\"\(f(plotRight + 14))\" x2=\"\(f(plotRight + 40))\" y1=\"\(f(ly))\" "
    svg += "y2=\"\(f(ly))\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
    svg += "<text x=\"\(f(plotRight + 46))\" y=\"\(f(ly + 4))\">\(Markup.escape(name))</text>\n"
    return svg
  }

  /// A failure marker, in the crash colour, with the cell's outcomes as its tooltip.
  private func cross(_ x: Double, _ y: Double, _ tip: String) -> String {
    let d = 5.0
    return "<path d=\"M\(f(x - d)) \(f(y - d))L\(f(x + d)) \(f(y + d))M\(f(x - d)) \(f(y + d))"
      + "L\(f(x + d)) \(f(y - d))\" stroke=\"\(HTMLReport.colors[.crash]!)\" stroke-width=\"2.5\">"
      + "<title>\(Markup.escape(tip))</title></path>\n"
  }

  private func f(_ v: Double) -> String { String(format: "%.1f", v) }
}
