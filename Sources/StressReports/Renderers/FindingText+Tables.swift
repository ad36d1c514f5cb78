import StressKitCore

extension FindingText {
  /// A scenario as a table (Lincheck's habit): a column per thread that made calls, each call
  /// with what it answered, the initial part above and the post part below.
  package static func table(_ scenario: Finding.Scenario) -> String {
    func cell(_ call: Finding.Call) -> String {
      call.answer.map { "\(call.call): \($0)" } ?? call.call
    }
    let threads = scenario.parallel.filter { !$0.isEmpty }
    let columns = max(1, threads.count)
    var rows: [[String]] = [["part"] + (1...columns).map { "thread \($0)" }]
    func part(_ name: String, _ lanes: [[Finding.Call]]) {
      let height = lanes.map(\.count).max() ?? 0
      for r in 0..<height {
        rows.append(
          [r == 0 ? name : ""]
            + (0..<columns).map { c in
              c < lanes.count && r < lanes[c].count ? cell(lanes[c][r]) : ""
            })
      }
    }
    part("init", [scenario.initial])
    part("parallel", threads)
    part("post", [scenario.post])
    let widths = (0...columns).map { c in rows.map { $0[c].count }.max() ?? 0 }
    func line(_ row: [String]) -> String {
      "| "
        + zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
        .joined(separator: " | ") + " |"
    }
    let rule =
      "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    return ([line(rows[0]), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
  }

  /// The scenario's calls, every part counted.
  static func calls(_ scenario: Finding.Scenario) -> Int {
    scenario.initial.count + scenario.parallel.map(\.count).reduce(0, +) + scenario.post.count
  }

  /// Steps as a table, one line a step, and a line where control passed from one thread to
  /// another. `leftOut` steps came before the first; `last` shows only the last ones.
  package static func trace(_ steps: [Finding.Step], leftOut: Int, last: Int? = nil) -> String {
    let shown = last.map { Array(steps.suffix($0)) } ?? steps
    let first = leftOut + steps.count - shown.count
    let width = max(9, shown.map(\.operation.count).max() ?? 0)
    func pad(_ text: String, _ n: Int) -> String {
      text + String(repeating: " ", count: max(0, n - text.count))
    }
    // A step's number may outgrow its column: a livelock's run to a hundred thousand steps.
    let number = max(6, "\(first + shown.count)".count + 2)
    var lines = [
      pad("step", number) + pad("thread", 8) + pad("operation", width + 2) + "at a primitive"
    ]
    if first > 0 { lines.append("(\(first) earlier steps left out)") }
    for (i, step) in shown.enumerated() {
      if i > 0, shown[i - 1].thread != step.thread {
        lines.append(
          String(repeating: " ", count: number)
            + "-- switch: thread \(shown[i - 1].thread) -> thread \(step.thread)")
      }
      lines.append(
        pad("\(first + i + 1)", number) + pad("\(step.thread)", 8) + pad(step.operation, width + 2)
          + step.action)
    }
    return lines.joined(separator: "\n")
  }
}
