/// A focused trial's one pair: every thread makes the call at `call` of `SubjectInfo.calls` on
/// the edge value at `edge` of `SubjectInfo.edges`, and nothing else.
///
/// A race that lives on one call and one input needs every thread on that pair at once. Mixed
/// trials meet there seldom when a subject has many calls and values, so the planner gives each
/// pair trials of its own (`TrialShape.focus`), and mixed trials stay for races between calls.
public struct Focus: Sendable, Hashable, Codable {
  /// The index of the call in `SubjectInfo.calls`.
  public var call: Int
  /// The index of the edge value in `SubjectInfo.edges` (and the domain's `values`).
  public var edge: Int

  /// Every thread makes call `call` on edge value `edge`.
  public init(call: Int, edge: Int) {
    self.call = call
    self.edge = edge
  }
}

extension Focus {
  /// The call a step makes: `focus`'s call of `Call`'s cases (the list `SubjectInfo.calls`
  /// names, in its order) in a focused trial, else the one `choice` draws. Mixed trials never
  /// build the list of cases.
  @inlinable
  public static func call<Call: CaseIterable>(
    _ focus: Focus?, of _: Call.Type, else choice: @autoclosure () -> Call
  ) -> Call where Call.AllCases.Index == Int {
    guard let focus else { return choice() }
    let calls = Call.allCases
    return calls[focus.call % calls.count]
  }
}
