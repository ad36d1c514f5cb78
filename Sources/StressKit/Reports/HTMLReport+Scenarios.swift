// MARK: - Model tests: the shrunk scenario of each failing cell

extension HTMLReport {
  /// For each cell where a model test found a history no sequential order explains, its first
  /// such trial's detail: the shrunk scenario's table, its seed and the replay command.
  func scenariosSection() -> String {
    let failing = cells.filter { !$0.cell.isControl }.compactMap { s in
      s.failureSamples.first { ScenarioTable.isFailure($0.result.detail) }.map { (s, $0) }
    }
    guard !failing.isEmpty else { return "" }
    var html = "<h2>Failing scenarios</h2>\n<p class=\"note\">Model tests: the first failing "
    html += "trial of each cell, its scenario shrunk while it still failed, each call with "
    html += "what it answered, then the command that replays the trial.</p>\n"
    for (s, record) in failing {
      let c = s.cell
      html += "<h3>\(Markup.escape(c.subject)) / \(Markup.escape(c.wrapper)) / \(c.threads) "
      html += "thr, trial \(record.trial)</h3>\n"
      html += "<pre class=\"scenario\">\(Markup.escape(record.result.detail))</pre>\n"
    }
    return html
  }
}
