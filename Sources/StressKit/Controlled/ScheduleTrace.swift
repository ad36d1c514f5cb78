/// The interleaving a controlled schedule ran: every step with its thread, the operation it
/// belongs to and what it did at a primitive, and the choices that made it, which replay it.
package struct ScheduleTrace: Sendable, Equatable {
  /// One step: thread `thread` (from 0), in `operation`, did `action`.
  package struct Step: Sendable, Equatable {
    package var thread: Int
    package var operation: String
    package var action: String
  }

  package var steps: [Step] = []
  /// The thread chosen at each point that had a choice.
  package var choices: [Int] = []

  /// The choices as text, one base-36 digit a choice: what `ScheduleStrategy.replay` takes.
  package var token: String {
    String(choices.map { Character(String($0, radix: 36)) })
  }

  /// The choices a token spells, or nil if it is not one.
  package static func choices(_ token: Substring) -> [Int]? {
    var choices: [Int] = []
    for character in token {
      guard let digit = Int(String(character), radix: 36) else { return nil }
      choices.append(digit)
    }
    return choices
  }

  /// Switches from one thread to another between steps.
  package var switches: Int {
    zip(steps, steps.dropFirst()).filter { $0.thread != $1.thread }.count
  }

  /// The steps as a table, one line a step, threads counted from 1 as the scenario table
  /// counts them, and a line where control passed from one thread to another. `last` keeps
  /// only the last steps.
  package func render(last: Int? = nil) -> String {
    let shown = last.map { Array(steps.suffix($0)) } ?? steps
    let first = steps.count - shown.count
    let width = max(9, shown.map(\.operation.count).max() ?? 0)
    func pad(_ text: String, _ n: Int) -> String {
      text + String(repeating: " ", count: max(0, n - text.count))
    }
    var lines = [pad("step", 6) + pad("thread", 8) + pad("operation", width + 2) + "at a primitive"]
    if first > 0 { lines.append("(\(first) earlier steps left out)") }
    for (i, step) in shown.enumerated() {
      if i > 0, shown[i - 1].thread != step.thread {
        lines.append(
          "      -- switch: thread \(shown[i - 1].thread + 1) -> thread \(step.thread + 1)")
      }
      lines.append(
        pad("\(first + i + 1)", 6) + pad("\(step.thread + 1)", 8)
          + pad(step.operation, width + 2) + step.action)
    }
    return lines.joined(separator: "\n")
  }
}
