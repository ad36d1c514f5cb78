import StressKitCore

/// A scenario and its answers as a finding's data, which the reports word as a table.
package enum ScenarioTable {
  /// `scenario`, whose lanes answered `results` (as `render` takes them), as a finding's data:
  /// a call with no result, or one that never returned, has no answer.
  package static func finding<Instance>(
    _ scenario: Scenario, results: [[ModelValue]], operations: [ModelOperation<Instance>]
  ) -> Finding.Scenario {
    let lanes = scenario.lanes
    func calls(_ lane: Int) -> [Finding.Call] {
      zip(lanes[lane], results[lane]).map { call, result in
        Finding.Call(
          Scenario.describe(call, operations),
          answer: result.isNoResult ? nil : Scenario.describe(result))
      }
    }
    return Finding.Scenario(
      initial: calls(lanes.count - 2), parallel: scenario.parallel.indices.map(calls),
      post: calls(lanes.count - 1))
  }
}
