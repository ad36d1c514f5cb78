import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// MARK: - Model tests: the shrunk scenario of each failing cell

extension HTMLReport {
  /// For each cell where a model test found a history no sequential order explains, its first
  /// such trial's detail: the shrunk scenario's table, its seed and the replay command.
  func scenariosSection() -> String {
    let failing = digest.failingScenarios
    guard !failing.isEmpty else { return "" }
    var html = "<h2>Failing scenarios</h2>\n<p class=\"note\">Model tests: the first failing "
    html += "trial of each cell, its scenario shrunk while it still failed, each call with "
    html += "what it answered, then the command that replays the trial.</p>\n"
    for record in failing {
      let c = record.cell
      html += "<h3>\(Markup.escape(c.subject)) / \(Markup.escape(c.wrapper)) / \(c.threads) "
      html += "thr, trial \(record.trial)</h3>\n"
      html += "<pre class=\"scenario\">\(Markup.escape(record.result.detail))</pre>\n"
    }
    return html
  }
}
