import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// One self-contained HTML page for a run: no network, no external file, charts drawn here as
/// inline SVG. It is well-formed XML (XHTML syntax), so a test can parse it back.
package struct HTMLReport: Sendable {
  package var title: String
  /// What the results are: one line per input file.
  package var sources: [String]
  /// What the page shows, computed once (the console summary reads the same value).
  package var digest: RunDigest
  var cells: [CellStatistics] { digest.cells }

  package init(title: String, sources: [String], digest: RunDigest) {
    self.title = title
    self.sources = sources
    self.digest = digest
  }

  /// Outcome colours, shared by the grid and the chart markers.
  static let colors: [Outcome: String] = [
    .ok: "#2e7d32", .corrupt: "#ef6c00", .crash: "#c62828", .hang: "#6a1b9a", .error: "#616161",
  ]

  /// Subjects in first-seen order, each with its cells; the positive control is shown with
  /// the verdicts instead.
  var subjects: [(name: String, cells: [CellStatistics])] {
    digest.measured.groupedInOrder(by: \.cell.subject).map {
      ($0.key, $0.elements)
    }
  }

  package func render() -> String {
    let failing = digest.failingTrials
    let trials = digest.trials
    var html = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(Markup.escape(title))</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      <h1>\(Markup.escape(title))</h1>

      """
    for source in sources { html += "<p class=\"source\">\(Markup.escape(source))</p>\n" }
    let verdict =
      failing == 0
      ? "<p class=\"pass\">PASS: every protected wrapper stayed correct in all \(trials) trials.</p>"
      : "<p class=\"fail\">FAIL: \(failing) of \(trials) trials failed the run (a protected "
        + "wrapper that did not stay correct, or a broken subject).</p>"
    html += verdict + "\n"
    html +=
      "<nav>"
      + subjects.map { s in
        "<a href=\"#\(Self.anchor(s.name))\">\(Markup.escape(s.name))</a>"
      }.joined(separator: " ") + "</nav>\n"
    html += controlSection()
    html += verdictsSection()
    html += wrappersSection()
    html += gridSection()
    html += scenariosSection()
    if let shared = digest.sharedReads {
      html +=
        "<h2>Reads left unprotected</h2>\n<p class=\"note\">"
        + Markup.escape(shared.text) + "</p>\n"
    }
    html += "<h2>Throughput</h2>\n<p class=\"note\">Median ops/s of all threads together "
    html += "against thread count, both axes logarithmic; the band spans the slowest to the "
    html += "fastest trial. Dashed: unprotected. A cross marks a cell where some trial did not "
    html += "end ok; on the bottom edge, a cell where no trial finished.</p>\n"
    for subject in subjects {
      html += "<section id=\"\(Self.anchor(subject.name))\">\n"
      html += "<h3>\(Markup.escape(subject.name))</h3>\n"
      html += ThroughputChart(subject: subject.name, cells: subject.cells).svg() + "\n"
      html += "</section>\n"
    }
    return html + "</body>\n</html>\n"
  }

  /// The positive control at each thread count: the run's measured power to see a race.
  func controlSection() -> String {
    let readings = digest.controlReadings
    guard !readings.isEmpty else { return "" }
    var html = "<h2>Positive control</h2>\n<p class=\"note\">An unprotected lost-update counter, "
    html += "run after the cells at their thread count, in the same worker (after each, until it "
    html += "holds \(Plan.controlMinimum) trials there). Where it was caught in "
    html += "fewer than \(Int(ControlReading.minimumRate * 100))% of its trials, the run could not "
    html += "have seen a race like it: \"no failure seen\" there is inconclusive.</p>\n"
    html += "<table class=\"verdicts\">\n<tr><th>threads</th><th>caught</th><th>rate</th></tr>\n"
    for r in readings {
      let kind = r.seesRaces ? "unsafe" : "clean"
      html += "<tr><td>\(r.threads)</td><td>\(r.caught) of \(r.trials)</td>"
      html += "<td class=\"\(kind)\">\(String(format: "%.0f%%", r.rate * 100))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// Documented versus measured, for unprotected use at 2 or more threads.
  func verdictsSection() -> String {
    let verdicts = digest.verdicts
    guard !verdicts.isEmpty else { return "" }
    var html = "<h2>Documented versus measured (unprotected, 2 or more threads)</h2>\n"
    html += "<table class=\"verdicts\">\n<tr><th>subject</th><th>documented</th>"
    html += "<th>Sendable</th><th>measured</th><th>note</th></tr>\n"
    for v in verdicts {
      let kind = v.failed > 0 ? "unsafe" : "clean"
      html += "<tr><td>\(Markup.escape(v.subject))</td><td>\(v.documented.rawValue)</td>"
      html += "<td>\(v.sendableText)</td>"
      html += "<td class=\"\(kind)\">\(Markup.escape(v.measured))</td>"
      html += "<td>\(Markup.escape(v.disagreement ?? ""))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// Subject x wrapper rows, a column per thread count, each cell coloured by its worst outcome.
  func gridSection() -> String {
    let threads = Array(Set(cells.map(\.cell.threads))).sorted()
    var html = "<h2>Outcomes</h2>\n<p class=\"legend\">"
    html += Outcome.allCases.map {
      "<span class=\"swatch\" style=\"background:\(Self.colors[$0]!)\"></span>\($0.rawValue)"
    }.joined(separator: " ")
    html += "</p>\n<table class=\"grid\">\n<tr><th>subject</th><th>wrapper</th>"
    html += threads.map { "<th>\($0) thr</th>" }.joined() + "</tr>\n"
    for subject in subjects {
      let mixes = subject.cells.map(\.cell).sweepsReadMix
      let series = subject.cells.groupedInOrder { ThroughputChart.series($0.cell, mixes: mixes) }
      let rows = series.map(\.key)
      let byRow = Dictionary(
        uniqueKeysWithValues: series.map { group in
          (group.key, Dictionary(group.elements.map { ($0.cell.threads, $0) }) { a, _ in a })
        })
      for (i, row) in rows.enumerated() {
        html += "<tr>"
        if i == 0 {
          html += "<th rowspan=\"\(rows.count)\">\(Markup.escape(subject.name))</th>"
        }
        html += "<td>\(Markup.escape(row))</td>"
        for n in threads {
          guard let s = byRow[row]?[n] else {
            html += "<td class=\"none\">-</td>"
            continue
          }
          let worst = s.counts.keys.max() ?? .ok
          let failed = s.failedTrials
          let text = failed == 0 ? "ok \(s.trials)" : "\(worst.rawValue) \(failed)/\(s.trials)"
          let tip =
            Formatting.outcomes(s.counts)
            + (s.failureSamples.first.map { ": " + $0.result.detail } ?? "")
          html += "<td class=\"cell\" style=\"background:\(Self.colors[worst]!)\" "
          html += "title=\"\(Markup.escape(tip))\">\(text)</td>"
        }
        html += "</tr>\n"
      }
    }
    return html + "</table>\n"
  }

  /// An id for a subject's section.
  static func anchor(_ subject: String) -> String {
    "s-"
      + String(
        subject.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" }
      )
  }

  static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
    h1{font-size:22px}h2{font-size:18px;margin-top:32px}h3{font-size:15px;margin:20px 0 4px}
    .source,.note{color:#555;margin:2px 0}.pass{color:#2e7d32;font-weight:600}
    .fail{color:#c62828;font-weight:600}nav a{margin-right:10px}
    table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left}
    th{background:#f3f3f3}td.cell{color:#fff;text-align:center;font-weight:600}td.none{color:#999;text-align:center}
    td.unsafe{color:#c62828}td.clean{color:#2e7d32}td.failed{color:#616161;text-align:center;text-decoration:line-through}
    .swatch{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle}
    svg{background:#fff;border:1px solid #ddd}svg text{font:11px system-ui,sans-serif;fill:#333}
    pre.scenario{font:12px/1.35 ui-monospace,monospace;background:#f7f7f7;padding:8px;overflow-x:auto}
    """
}
