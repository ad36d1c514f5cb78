import StressKit
import Synchronization

/// What a formatter printed for every call and every input of its domain when it ran alone:
/// the sequential specification, for outputs no arithmetic here predicts (locale rules, unit
/// names). A read makes a call again on the shared formatter and must print the same.
///
/// The outputs come from a reference formatter made the same way, once a process, never from
/// the shared one: a shared formatter's lazy state is built by the threads' first calls, which
/// is where a first-use race lives.
///
/// `Call` names the calls a subject makes; its subject switches over it exhaustively, so the
/// calls it names in `stress list` are the calls it makes.
package struct SequentialTable<Call: CaseIterable & RawRepresentable, Input: Sendable>
where Call.RawValue == String, Call.AllCases.Index == Int {
  package let inputs: InputDomain<Input>
  private let expected: [[String]]
  private let choice: InputDomain<Int>

  /// `make(call, input)` on `reference()`, for every call and input, once a process for `key`.
  package init<F>(
    _ inputs: InputDomain<Input>, key: Any.Type, reference: () -> F,
    _ make: (F, Call, Input) -> String
  ) {
    self.inputs = inputs
    expected = ExpectedOutputs.of(key) {
      let formatter = reference()
      return Call.allCases.map { call in inputs.values.map { make(formatter, call, $0) } }
    }
    choice = InputDomain("calls", edges: [], ordinary: Array(Call.allCases.indices))
  }

  /// The calls' names, for `SubjectInfo.calls`.
  package static var calls: [String] { Call.allCases.map(\.rawValue) }

  /// Makes the call `step` draws on the input it draws, or in a focused trial the one call
  /// and edge value of `focus`; nil if it printed what it printed alone, else what is wrong.
  package func check(_ step: Step, focus: Focus? = nil, _ make: (Call, Input) -> String)
    -> String?
  {
    let c = focus.map { $0.call % Call.allCases.count } ?? choice[step]
    let i = inputs.index(for: step, focus: focus)
    let call = Call.allCases[c]
    let output = make(call, inputs.values[i])
    guard output != expected[c][i] else { return nil }
    func cut(_ text: String) -> String { text.count > 160 ? "\(text.prefix(160))..." : text }
    return
      "\(call.rawValue) of \(cut("\(inputs.values[i])")) printed '\(cut(output))', alone '\(cut(expected[c][i]))'"
  }
}

/// The reference outputs of every table, by the type that made them.
private enum ExpectedOutputs {
  static let tables = Mutex<[ObjectIdentifier: [[String]]]>([:])

  static func of(_ key: Any.Type, _ make: () -> [[String]]) -> [[String]] {
    if let known = tables.withLock({ $0[ObjectIdentifier(key)] }) { return known }
    // Made outside the lock: formatting takes milliseconds, and a second maker only repeats it.
    let made = make()
    tables.withLock { $0[ObjectIdentifier(key)] = made }
    return made
  }
}
