/// The inputs a subject draws, declared so that a run can say what it covered: the type's edge
/// and special values first (zero, extremes, NaN, empty strings, far dates, every option), then
/// ordinary ones.
///
/// A race often lives on one input: two threads must meet on it. So edge values come in runs:
/// one stretch of 32 operations in 8 (counted by `Step.seq`, which every thread advances
/// together) draws one edge value on every thread at once, the first stretch of a trial
/// included, and edges take turns from one such stretch to the next. Every other operation
/// draws uniformly from the whole domain, edges included. Draws are a function of the step
/// alone, so a trial's seed decides them.
public struct InputDomain<Value: Sendable>: Sendable {
  /// Every value, edge values first.
  public let values: [Value]
  /// How many of `values`, from the first, are edge values.
  public let edgeCount: Int
  /// One line for `stress list` and the published table: its name and its edge values.
  public let summary: String
  /// The edge values, spelled: what `SubjectInfo.edges` declares for focused trials.
  public let edges: [String]
  private let salt: UInt64

  /// A domain called `name` (`"byte counts"`): `edges` first, then `ordinary`; `describe`
  /// spells an edge value in the summary.
  public init(
    _ name: String, edges: [Value], ordinary: [Value] = [],
    describe: (Value) -> String = { String(describing: $0) }
  ) {
    precondition(!edges.isEmpty || !ordinary.isEmpty, "an input domain needs a value")
    values = edges + ordinary
    edgeCount = edges.count
    self.edges = edges.map(describe)
    let listed = self.edges.joined(separator: ", ")
    let rest = ordinary.isEmpty ? "" : " and \(ordinary.count) ordinary"
    summary = edges.isEmpty ? "\(name): \(ordinary.count) values" : "\(name): \(listed)\(rest)"
    // FNV-1a of the name: two domains of one subject draw independently from one step.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    salt = hash
  }

  /// The index in `values` that `step` draws.
  @inlinable
  public func index(for step: Step) -> Int {
    let stretch = step.seq >> 5
    if edgeCount > 0, stretch & 7 == 0 { return (stretch >> 3) % edgeCount }
    return uniform(step.random)
  }

  /// The index in `values` that `step` draws in a trial focused on `focus` (its edge value,
  /// on every step), or in a mixed trial when `focus` is nil.
  @inlinable
  public func index(for step: Step, focus: Focus?) -> Int {
    guard let focus, edgeCount > 0 else { return index(for: step) }
    return focus.edge % edgeCount
  }

  /// The value `step` draws.
  @inlinable
  public subscript(step: Step) -> Value { values[index(for: step)] }

  /// The value `step` draws in a trial focused on `focus` (its edge value), or in a mixed
  /// trial when `focus` is nil.
  @inlinable
  public subscript(step: Step, focus: Focus?) -> Value { values[index(for: step, focus: focus)] }

  @usableFromInline
  func uniform(_ random: UInt64) -> Int {
    // A multiplicative hash of every bit: drivers decide read or write by the top bits or the
    // lowest, and this stays uniform either way.
    Int((((random ^ salt) &* 0x9E37_79B9_7F4A_7C15) >> 32) % UInt64(values.count))
  }
}
