import StressKitCore

/// The interleaving a controlled schedule ran: every step with its thread, the operation it
/// belongs to and what it did at a primitive, and the choices that made it, which replay it.
///
/// Steps are kept compact (numbers and values) and spelled only for a finding, which the
/// reports word: a schedule that passes, as nearly all do, formats nothing.
package struct ScheduleTrace: Sendable, Equatable {
  /// What a step did.
  package enum Action: Sendable, Equatable {
    case starts
    case returns(ModelValue)
    /// An async call's task ran a job: it started, or resumed after an await.
    case resumes
    /// An async call's task suspended at an await, its call not yet returned.
    case suspends
    /// A use of the primitive numbered so in `primitives`, as that primitive words it.
    case use(Int, Use)
  }

  /// What a thread did at a primitive, as data the primitive's own file makes: a call that
  /// names the primitive first (`lock(lock 1)`, `wait(condition 1, until:)`), or a method of
  /// it (`atomic 1.add(1) -> 2`). A new primitive needs no change here.
  package struct Use: Sendable, Equatable {
    /// Whether the primitive is spelled as a call's first argument or as a method's receiver.
    package enum Form: Sendable, Equatable {
      case call
      case method
    }

    package var form: Form
    /// Static text: a step is recorded at every point of every schedule, so it copies no
    /// counted string.
    package var verb: StaticString
    /// Up to two values, kept inline: a step is recorded at every point of every schedule,
    /// and an array would cost an allocation each time.
    package var first: ModelValue?
    package var second: ModelValue?
    /// An argument spelled as it is, after the values (`until:`).
    package var label: StaticString?
    package var result: ModelValue?

    package init(
      _ form: Form, _ verb: StaticString, _ first: ModelValue? = nil,
      _ second: ModelValue? = nil, label: StaticString? = nil, result: ModelValue? = nil
    ) {
      self.form = form
      self.verb = verb
      self.first = first
      self.second = second
      self.label = label
      self.result = result
    }

    package static func == (a: Use, b: Use) -> Bool {
      a.form == b.form && "\(a.verb)" == "\(b.verb)" && a.first == b.first && a.second == b.second
        && a.label.map { "\($0)" } == b.label.map { "\($0)" } && a.result == b.result
    }

    /// The values, in order.
    package var arguments: [ModelValue] { [first, second].compactMap { $0 } }

    /// `verb(primitive, arguments...)`.
    package static func call(
      _ verb: StaticString, _ first: ModelValue? = nil, _ second: ModelValue? = nil,
      label: StaticString? = nil
    ) -> Use {
      Use(.call, verb, first, second, label: label)
    }

    /// `primitive.verb(arguments...) -> result`.
    package static func method(
      _ verb: StaticString, _ first: ModelValue? = nil, _ second: ModelValue? = nil,
      result: ModelValue? = nil
    ) -> Use {
      Use(.method, verb, first, second, result: result)
    }

    /// The use as the trace spells it, the primitive labelled `primitive`.
    package func spelled(_ primitive: String) -> String {
      let values = arguments.map(Scenario.describe) + (label.map { ["\($0)"] } ?? [])
      let verb = "\(verb)"
      let answer = result.map { " -> " + Scenario.describe($0) } ?? ""
      switch form {
      case .call: return verb + "(" + ([primitive] + values).joined(separator: ", ") + ")" + answer
      case .method:
        return primitive + "." + verb + "(" + values.joined(separator: ", ") + ")" + answer
      }
    }
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
    case .resumes: return "resumes after an await"
    case .suspends: return "suspends at an await"
    case .returns(let value):
      return value.isNoResult ? "returns" : "returns \(Scenario.describe(value))"
    case .use(let primitive, let use): return use.spelled(label(primitive))
    }
  }

  /// An async call that other threads' calls ran and returned inside, as a finding's data: the
  /// first whose window, from its second suspension (its first is the hop onto the actor, or
  /// wherever its code runs) to its return, holds another thread's whole call; else the first
  /// whose window holds another's steps. Nil if no call's await let another in.
  package func reentrancy() -> Finding.Reentrancy? {
    var fallback: Finding.Reentrancy?
    var suspensions: [Int: Int] = [:]
    var windows: [Int: Int] = [:]
    for (i, step) in steps.enumerated() {
      switch step.action {
      case .suspends:
        suspensions[step.thread, default: 0] += 1
        if suspensions[step.thread] == 2 { windows[step.thread] = i }
      case .returns:
        defer { (suspensions[step.thread], windows[step.thread]) = (nil, nil) }
        guard let start = windows[step.thread] else { continue }
        let inside = steps[(start + 1)..<i].filter { $0.thread != step.thread && $0.operation >= 0 }
        let whole = inside.filter { if case .returns = $0.action { true } else { false } }
        let shown = whole.isEmpty ? inside : whole
        guard !shown.isEmpty else { continue }
        var others: [String] = []
        for other in shown {
          let call = "thread \(other.thread + 1)'s \(operation(other.operation))"
          if !others.contains(call) { others.append(call) }
        }
        let found = Finding.Reentrancy(
          thread: step.thread + 1, operation: operation(step.operation), suspended: start + 1,
          returned: i + 1, others: others, whole: !whole.isEmpty)
        if found.whole { return found }
        fallback = fallback ?? found
      default: continue
      }
    }
    return fallback
  }

  /// The steps as a finding's data, or only the last `last`.
  package func findingSteps(last: Int? = nil) -> [Finding.Step] {
    let shown = last.map { Array(steps.suffix($0)) } ?? steps
    return shown.map { step in
      let primitive: String? =
        switch step.action {
        case .use(let p, _): label(p)
        default: nil
        }
      return Finding.Step(
        thread: step.thread + 1, operation: operation(step.operation), action: spell(step.action),
        primitive: primitive)
    }
  }
}
