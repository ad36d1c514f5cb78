import StressKitCore

/// A failing schedule's name: `threads.seed.scenario.choices`, the choices one base-36 digit
/// each. It holds all a replay needs, so the same scenario runs the same interleaving.
///
/// The scenario is the number drawn from the seed, or, for a scenario no seed draws (a stress
/// failure's, shrunk), the scenario itself: `s` and its parts (initial, each thread's, post)
/// separated by `~`, their calls by `_`, and a call's operation and choices by `-`.
package struct ReplayToken: Sendable, Equatable, CustomStringConvertible {
  package var threads: Int
  package var seed: UInt64
  package var scenario: Int
  /// The scenario itself, for one no seed draws.
  package var calls: Scenario?
  package var choices: [Int]

  package init(
    threads: Int, seed: UInt64, scenario: Int, calls: Scenario? = nil, choices: [Int]
  ) {
    self.threads = threads
    self.seed = seed
    self.scenario = scenario
    self.calls = calls
    self.choices = choices
  }

  /// Reads a token; nil for anything else, or for more threads than a run may have.
  package init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, let threads = Int(parts[0]),
      (1...ControlledScheduler.maxThreads).contains(threads),
      let seed = UInt64(parts[1]), let choices = ScheduleTrace.choices(parts[3])
    else { return nil }
    if parts[2].hasPrefix("s") {
      guard let calls = Self.scenario(parts[2].dropFirst()), calls.parallel.count == threads
      else { return nil }
      self.init(threads: threads, seed: seed, scenario: 0, calls: calls, choices: choices)
    } else {
      guard let scenario = Int(parts[2]), scenario >= 0 else { return nil }
      self.init(threads: threads, seed: seed, scenario: scenario, choices: choices)
    }
  }

  package var description: String {
    let scenario = calls.map { "s" + Self.spell($0) } ?? "\(self.scenario)"
    return "\(threads).\(seed).\(scenario).\(ScheduleTrace.spell(choices))"
  }

  /// A scenario as a token spells it.
  static func spell(_ scenario: Scenario) -> String {
    ([scenario.initial] + scenario.parallel + [scenario.post]).map { part in
      part.map { call in
        ([call.operation] + call.choices).map { String($0, radix: 36) }.joined(separator: "-")
      }.joined(separator: "_")
    }.joined(separator: "~")
  }

  /// The scenario a token spells, or nil.
  static func scenario(_ text: Substring) -> Scenario? {
    let parts = text.split(separator: "~", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return nil }
    var lanes: [[Scenario.Call]] = []
    for part in parts {
      var calls: [Scenario.Call] = []
      for call in part.split(separator: "_") {
        let numbers = call.split(separator: "-", omittingEmptySubsequences: false).map {
          Int($0, radix: 36)
        }
        guard let operation = numbers.first ?? nil, numbers.allSatisfy({ ($0 ?? -1) >= 0 })
        else { return nil }
        calls.append(Scenario.Call(operation: operation, choices: numbers.dropFirst().map { $0! }))
      }
      lanes.append(calls)
    }
    return Scenario(
      initial: lanes[0], parallel: Array(lanes[1..<(lanes.count - 1)]), post: lanes.last!)
  }
}
