import StressKit

/// What a formatter subject is made of when its outputs come from the formatter itself, alone
/// (`SequentialTable`): the formatter, the calls an application makes on it, and the inputs
/// it draws. `SharedFormatterSubject` shares one such formatter read-only.
package protocol SharedFormatter {
  associatedtype Formatter
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
  /// A formatter configured as the application configures it, once.
  static func make() -> Formatter
  /// Makes `call` on `formatter` with `input`, spelled as a string to compare.
  static func format(_ formatter: Formatter, _ call: Call, _ input: Input) -> String
}

extension SharedFormatter {
  package static var documented: DocumentedSafety { .notListed }
  package static var reference: String? { nil }
  package static var expectations: [Expectation] { [] }
}

/// One formatter shared read-only by every thread from its very first call, as a server shares
/// a cached formatter: each read makes one of its calls on an input of its domain and must
/// print what that call printed for that input alone.
package final class SharedFormatterSubject<Spec: SharedFormatter>: StressSubject,
  @unchecked Sendable
{
  package static var info: SubjectInfo {
    SubjectInfo(
      id: Spec.id, summary: Spec.summary, documented: Spec.documented,
      reference: Spec.reference, sendable: Spec.sendable, expectations: Spec.expectations,
      traits: [.readOnly], calls: SequentialTable<Spec.Call, Spec.Input>.calls,
      inputs: [Spec.inputs.summary], leavesOut: Spec.leavesOut)
  }

  private let formatter: Spec.Formatter
  private let table: SequentialTable<Spec.Call, Spec.Input>

  package init(shape: TrialShape) {
    formatter = Spec.make()
    table = SequentialTable(Spec.inputs, key: Spec.self, reference: Spec.make, Spec.format)
  }

  package func read(_ step: Step) -> String? {
    let formatter = self.formatter
    return table.check(step) { Spec.format(formatter, $0, $1) }
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
