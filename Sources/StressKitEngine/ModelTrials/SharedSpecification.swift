import StressKitCore
import StressKitModel

/// Every call a model test's scenarios can draw, numbered once for a whole trial, and one
/// specification over them: for a test that tells its specification's states apart
/// (`ModelTest.state(of:)`), each state is then explored once a trial, not once a scenario,
/// and most of a fresh scenario's walks find their tree already built.
///
/// Only where that is bounded: a test whose states are never merged would grow a node for
/// every distinct path, and one with many distinct calls rows as wide. Once it holds `limit`
/// states, a trial starts another.
final class SharedSpecification {
  let calls: [Scenario.Call]
  let numbers: [Scenario.Call: Int]
  let specification: SequentialSpecification

  /// The most distinct calls a shared tree's rows hold.
  static var widest: Int { 256 }
  /// The most states it holds before the trial starts another.
  static var limit: Int { 100_000 }

  /// One for `M`'s `operations`, or nil where none is shared: states never merged, or more
  /// than `widest` distinct calls.
  static func make<M: ModelTest>(_: M.Type, _ operations: [ModelOperation<M.Instance>])
    -> SharedSpecification?
  {
    guard M.state(of: M.makeSpecification()) != nil else { return nil }
    var calls: [Scenario.Call] = []
    for (index, operation) in operations.enumerated() {
      var choices: [[Int]] = [[]]
      for domain in operation.domains {
        choices = choices.flatMap { prefix in domain.indices.map { prefix + [$0] } }
        guard choices.count * operations.count <= widest else { return nil }
      }
      calls += choices.map { Scenario.Call(operation: index, choices: $0) }
      guard calls.count <= widest else { return nil }
    }
    return SharedSpecification(
      calls: calls,
      specification: SequentialSpecification(
        operations: operations, calls: calls, make: M.makeSpecification, state: M.state(of:)))
  }

  private init(calls: [Scenario.Call], specification: SequentialSpecification) {
    self.calls = calls
    numbers = Dictionary(uniqueKeysWithValues: calls.enumerated().map { ($1, $0) })
    self.specification = specification
  }

  /// Whether it holds `limit` states: time for another.
  var isFull: Bool { specification.explored >= Self.limit }
}
