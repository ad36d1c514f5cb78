import StressKitCore
import StressPlatform

extension ModelTrial {
  /// Shrinks a failing scenario, Lincheck's way: drop a whole thread, else one call, while the
  /// smaller scenario still fails within its invocations; stop when nothing can go or when
  /// `options.minimizationSeconds` are spent. The answer always failed: it is the last
  /// scenario seen to fail, with what it answered then.
  static func minimize(_ failing: Failure, _ options: ScenarioOptions, _ execute: Execute)
    -> Failure
  {
    let deadline = Platform.monotonicNanos() + UInt64(max(0, options.minimizationSeconds) * 1e9)
    var current = failing
    var shrinking = true
    while shrinking {
      shrinking = false
      for candidate in smaller(current.scenario) {
        guard Platform.monotonicNanos() < deadline else { return current }
        guard let found = try? reproduce(candidate, options, execute) else { continue }
        current = found
        shrinking = true
        break
      }
    }
    return current
  }

  /// Scenarios one step smaller, biggest steps first: each thread's calls all removed, then
  /// each single call (post part, parallel part from its last calls, initial part). A
  /// parallel part needs two threads with calls to race at all.
  static func smaller(_ scenario: Scenario) -> [Scenario] {
    var found: [Scenario] = []
    func keep(_ candidate: Scenario) {
      if candidate.parallel.filter({ !$0.isEmpty }).count >= 2 { found.append(candidate) }
    }
    for t in scenario.parallel.indices where !scenario.parallel[t].isEmpty {
      var candidate = scenario
      candidate.parallel[t] = []
      keep(candidate)
    }
    for i in scenario.post.indices.reversed() {
      var candidate = scenario
      candidate.post.remove(at: i)
      keep(candidate)
    }
    let longest = scenario.parallel.map(\.count).max() ?? 0
    for i in (0..<longest).reversed() {
      for t in scenario.parallel.indices where i < scenario.parallel[t].count {
        var candidate = scenario
        candidate.parallel[t].remove(at: i)
        keep(candidate)
      }
    }
    for i in scenario.initial.indices.reversed() {
      var candidate = scenario
      candidate.initial.remove(at: i)
      keep(candidate)
    }
    return found
  }
}
