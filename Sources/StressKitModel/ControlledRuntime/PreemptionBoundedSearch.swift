/// Every schedule with at most `bound` preemptions, depth first (CHESS's iterative context
/// bounding, as loom bounds its search): a preemption is a switch away from a thread that
/// could have gone on. Each schedule replays the choices of the last one up to its deepest
/// choice with an untried alternative, then takes that alternative.
package final class PreemptionBoundedSearch: ScheduleChooser {
  private struct Decision {
    var options: [Int]
    var index: Int
    var preemptionsBefore: Int
    var current: Int?
  }

  private let bound: Int
  private var stack: [Decision] = []
  private var depth = 0
  private var preemptions = 0

  package init(bound: Int) { self.bound = max(0, bound) }

  package func start(schedule: Int, threads: Int) {
    depth = 0
    preemptions = 0
  }

  private func cost(_ pick: Int, _ current: Int?) -> Int {
    current.map { $0 != pick ? 1 : 0 } ?? 0
  }

  package func choose(_ enabled: [Int], current: Int?) -> Int {
    if depth < stack.count {
      let decision = stack[depth]
      depth += 1
      let pick = decision.options[decision.index]
      preemptions = decision.preemptionsBefore + cost(pick, decision.current)
      return pick
    }
    // Going on first: a preemption is the costlier alternative, tried later.
    let options = current.map { c in [c] + enabled.filter { $0 != c } } ?? enabled
    stack.append(
      Decision(options: options, index: 0, preemptionsBefore: preemptions, current: current))
    depth += 1
    preemptions += cost(options[0], current)
    return options[0]
  }

  package var covers: Bool { true }

  /// The next schedule of this scenario until every one within the bound has run; then the
  /// stack is empty, and the same search starts afresh on the next scenario.
  package func finish(choices: Int) -> NextSchedule {
    stack.removeLast(max(0, stack.count - depth))
    while let last = stack.last {
      var next = last.index + 1
      while next < last.options.count,
        last.preemptionsBefore + cost(last.options[next], last.current) > bound
      {
        next += 1
      }
      if next < last.options.count {
        stack[stack.count - 1].index = next
        return .sameScenario
      }
      stack.removeLast()
    }
    return .newScenario
  }
}
