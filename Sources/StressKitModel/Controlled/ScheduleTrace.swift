import StressKitCore

/// The interleaving a controlled schedule ran: every step with its thread, the operation it
/// belongs to and what it did at a primitive, and the choices that made it, which replay it.
///
/// Steps are kept compact (numbers and values) and spelled only when a trace is rendered: a
/// schedule that passes, as nearly all do, formats nothing.
package struct ScheduleTrace: Sendable, Equatable {
  /// What a step did.
  package enum Action: Sendable, Equatable {
    case starts
    case returns(ModelValue)
    /// The primitive numbered so in `primitives` was taken, or released.
    case lock(Int)
    case unlock(Int)
    case wait(Int, timed: Bool)
    case woken(Int, signaled: Bool)
    case signal(Int, all: Bool)
    case atomic(Int, AtomicAction)
  }

  /// An atomic integer's access and what it answered.
  package enum AtomicAction: Sendable, Equatable {
    case load(Int)
    case store(Int)
    case add(Int, result: Int)
    case compareExchange(expected: Int, desired: Int, exchanged: Bool)
  }

  /// One step: thread `thread` (from 0), in operation `operation` (an index into
  /// `operations`, or -1), did `action`.
  package struct Step: Sendable, Equatable {
    package var thread: Int
    package var operation: Int
    package var action: Action
  }

  package var steps: [Step] = []
  /// The thread chosen at each point that had a choice.
  package var choices: [Int] = []
  /// The primitives in the order of their first use: a kind and the name given, if any.
  package var primitives: [(kind: String, name: String?)] = []
  /// The operations' names, as steps number them.
  package var operations: [String] = []

  package static func == (a: Self, b: Self) -> Bool {
    a.steps == b.steps && a.choices == b.choices && a.operations == b.operations
      && a.primitives.elementsEqual(b.primitives) { $0.kind == $1.kind && $0.name == $1.name }
  }

  /// The choices as text, one base-36 digit a choice: what `ScheduleStrategy.replay` takes.
  package var token: String { Self.spell(choices) }

  /// Choices as a token spells them, one base-36 digit each (threads are fewer than 36).
  package static func spell(_ choices: [Int]) -> String {
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

  /// How primitive `index` is named: its own name, or its kind and its number among those of
  /// its kind, in the order of first use, the same in every replay.
  package func label(_ index: Int) -> String {
    let primitive = primitives[index]
    if let name = primitive.name { return name }
    let number = primitives[...index].filter { $0.kind == primitive.kind && $0.name == nil }.count
    return "\(primitive.kind) \(number)"
  }

  /// An operation's name, or "" for none.
  package func operation(_ index: Int) -> String {
    operations.indices.contains(index) ? operations[index] : ""
  }

  /// What a step did, as the trace spells it.
  package func spell(_ action: Action) -> String {
    switch action {
    case .starts: return "starts"
    case .returns(let value):
      return value.isNoResult ? "returns" : "returns \(Scenario.describe(value))"
    case .lock(let p): return "lock(\(label(p)))"
    case .unlock(let p): return "unlock(\(label(p)))"
    case .wait(let p, let timed): return timed ? "wait(\(label(p)), until:)" : "wait(\(label(p)))"
    case .woken(let p, let signaled):
      return (signaled ? "woken: lock(" : "timed out: lock(") + label(p) + ")"
    case .signal(let p, let all): return (all ? "broadcast(" : "signal(") + label(p) + ")"
    case .atomic(let p, let access):
      let name = label(p)
      switch access {
      case .load(let value): return "\(name).load() -> \(value)"
      case .store(let value): return "\(name).store(\(value))"
      case .add(let delta, let result): return "\(name).add(\(delta)) -> \(result)"
      case .compareExchange(let expected, let desired, let exchanged):
        return "\(name).compareExchange(\(expected), \(desired)) -> \(exchanged)"
      }
    }
  }

  /// The steps as a table, one line a step, threads counted from 1 as the scenario table
  /// counts them, and a line where control passed from one thread to another. `last` keeps
  /// only the last steps.
  package func render(last: Int? = nil) -> String {
    let shown = last.map { Array(steps.suffix($0)) } ?? steps
    let first = steps.count - shown.count
    let width = max(9, shown.map { operation($0.operation).count }.max() ?? 0)
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
          + pad(operation(step.operation), width + 2) + spell(step.action))
    }
    return lines.joined(separator: "\n")
  }
}
