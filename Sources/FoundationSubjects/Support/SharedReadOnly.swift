import StressKit

/// What a read-only subject is made of when its outputs come from the object itself, alone
/// (`SequentialTable`): the object (a formatter, a string, a set of values, a coder), the calls
/// an application makes on it, and the inputs it draws. `SharedReadOnlySubject` shares one
/// such object read-only.
package protocol SharedReadOnly {
  associatedtype Object
  associatedtype Call: CaseIterable & RawRepresentable
  where Call.RawValue == String, Call.AllCases.Index == Int
  associatedtype Input: Sendable

  static var id: String { get }
  static var summary: String { get }
  static var documented: DocumentedSafety { get }
  /// What the class's own reference says that the Summary does not (`SubjectInfo.reference`).
  static var reference: String? { get }
  static var expectations: [Expectation] { get }
  static var sendable: Bool? { get }
  static var leavesOut: String { get }
  static var inputs: InputDomain<Input> { get }
  /// The object built and configured as the application builds it, once.
  static func make() -> Object
  /// Makes `call` on `object` with `input`, spelled as a string to compare.
  static func format(_ object: Object, _ call: Call, _ input: Input) -> String
}

extension SharedReadOnly {
  package static var documented: DocumentedSafety { .notListed }
  package static var reference: String? { nil }
  package static var expectations: [Expectation] { [] }
}

/// One object shared read-only by every thread from its very first call, as a server shares a
/// cached formatter or a constant: each read makes one of its calls on an input of its domain
/// and must print what that call printed for that input alone.
package final class SharedReadOnlySubject<Spec: SharedReadOnly>: StressSubject,
  @unchecked Sendable
{
  package static var info: SubjectInfo {
    SubjectInfo(
      id: Spec.id, summary: Spec.summary, documented: Spec.documented,
      reference: Spec.reference, sendable: Spec.sendable, expectations: Spec.expectations,
      traits: [.readOnly], calls: SequentialTable<Spec.Call, Spec.Input>.calls,
      inputs: [Spec.inputs.summary], edges: Spec.inputs.edges, leavesOut: Spec.leavesOut)
  }

  private let object: Spec.Object
  private let table: SequentialTable<Spec.Call, Spec.Input>
  private let focus: Focus?

  package init(shape: TrialShape) {
    object = Spec.make()
    table = SequentialTable(Spec.inputs, key: Spec.self, reference: Spec.make, Spec.format)
    focus = shape.focus
  }

  package func read(_ step: Step) -> String? {
    let object = self.object
    return table.check(step, focus: focus) { Spec.format(object, $0, $1) }
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
