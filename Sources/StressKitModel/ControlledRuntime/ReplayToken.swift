/// A failing schedule's name: `threads.seed.scenario.choices`, the choices one base-36 digit
/// each. It holds all a replay needs, so the same scenario runs the same interleaving.
package struct ReplayToken: Sendable, Equatable, CustomStringConvertible {
  package var threads: Int
  package var seed: UInt64
  package var scenario: Int
  package var choices: [Int]

  package init(threads: Int, seed: UInt64, scenario: Int, choices: [Int]) {
    self.threads = threads
    self.seed = seed
    self.scenario = scenario
    self.choices = choices
  }

  /// Reads a token; nil for anything else, or for more threads than a run may have.
  package init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, let threads = Int(parts[0]),
      (1...ControlledScheduler.maxThreads).contains(threads),
      let seed = UInt64(parts[1]), let scenario = Int(parts[2]), scenario >= 0,
      let choices = ScheduleTrace.choices(parts[3])
    else { return nil }
    self.init(threads: threads, seed: seed, scenario: scenario, choices: choices)
  }

  package var description: String {
    "\(threads).\(seed).\(scenario).\(ScheduleTrace.spell(choices))"
  }
}
