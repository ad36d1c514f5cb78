import StressKitCore

/// A scenario as a person reads it: a table with a column per thread, each call with what it
/// answered, the initial part above and the post part below (Lincheck's habit).
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

  /// The table of `scenario`, whose lanes answered `results` (parallel threads, then the
  /// initial part, then the post part). Threads with no calls are left out.
  package static func render<Instance>(
    _ scenario: Scenario, results: [[ModelValue]], operations: [ModelOperation<Instance>]
  ) -> String {
    func cell(_ call: Scenario.Call, _ result: ModelValue) -> String {
      let text = Scenario.describe(call, operations)
      return result.isNoResult
        ? text : "\(text): \(Scenario.describe(result))"
    }
    let threads = scenario.parallel.indices.filter { !scenario.parallel[$0].isEmpty }
    let columns = max(1, threads.count)
    var rows: [[String]] = [["part"] + (1...columns).map { "thread \($0)" }]
    func part(_ name: String, _ cells: [[String]]) {
      let height = cells.map(\.count).max() ?? 0
      for r in 0..<height {
        rows.append(
          [r == 0 ? name : ""]
            + (0..<columns).map { c in
              c < cells.count && r < cells[c].count ? cells[c][r] : ""
            })
      }
    }
    let lanes = scenario.lanes
    func cells(_ lane: Int) -> [String] { zip(lanes[lane], results[lane]).map(cell) }
    part("init", [cells(lanes.count - 2)])
    part("parallel", threads.map(cells))
    part("post", [cells(lanes.count - 1)])
    let widths = (0...columns).map { c in rows.map { $0[c].count }.max() ?? 0 }
    func line(_ row: [String]) -> String {
      "| "
        + zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
        .joined(separator: " | ") + " |"
    }
    let rule =
      "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    return ([line(rows[0]), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
  }

  /// A failing trial's detail: one line that says what failed where, the shrunk scenario's
  /// table, and the command that replays the trial.
  package static func failure<Instance>(
    _ scenario: Scenario, results: [[ModelValue]], operations: [ModelOperation<Instance>],
    failed: Int, scenario number: Int, invocations: Int, from original: Int, spec: TrialSpec,
    subject: String
  ) -> String {
    let shrunk =
      scenario.count < original
      ? "shrunk from \(original) calls to \(scenario.count)" : "\(original) calls, none could go"
    let headline =
      "not linearizable: scenario \(number) of seed \(spec.seed) failed in \(failed) of "
      + "\(invocations) invocations; \(shrunk):"
    return [
      headline, render(scenario, results: results, operations: operations),
      "replay: \(replay(spec, subject: subject))",
    ].joined(separator: "\n")
  }

  /// This process's program as a replay command names it: `stress`, or a user's own tool.
  package static var program: String {
    CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
      ?? "stress"
  }

  /// The command that runs this trial again: same subject, wrapper, threads, budget and seed.
  static func replay(_ spec: TrialSpec, subject: String) -> String {
    let budget =
      spec.bound.opsPerThread.map { "--ops \($0)" } ?? "--duration \(spec.bound.seconds ?? 0)"
    return
      "\(program) run --subjects \(subject) --wrappers \(spec.wrapper) --threads \(spec.threads) "
      + "--read-ratio \(spec.readRatio) \(budget) --trials 1 --warmup 0 --seed \(spec.seed)"
  }
}
