import StressKitCore

extension Exploration {
  /// `scenario`, which failed under stress, explored under the controlled scheduler by a random
  /// walk for up to `seconds`: a schedule that fails the same way (not linearizable, or the data
  /// race behind it), or another way (a deadlock), gives its interleaving and a token that
  /// replays it. A type whose
  /// operations reach no scheduled primitive is found blind within the first 100 schedules.
  package static func explain(
    _ scenario: Scenario, seed: UInt64, seconds: Double = 3, stuckAfter: Double = 2
  ) -> Finding.Explained {
    let threads = scenario.parallel.count
    func explore(_ schedules: Int, _ seed: UInt64) -> ExplorationResult {
      run(
        strategy: .randomWalk, threads: threads, schedules: schedules, seconds: seconds,
        seed: seed, scenario: scenario, stuckAfter: stuckAfter)
    }
    let first = explore(100, seed)
    var result = first
    var schedules = first.schedules
    if first.verdict == .passed {
      result = explore(100_000, seed &+ 1)
      schedules += result.schedules
    }
    switch result.verdict {
    case .notLinearizable, .dataRace, .deadlock, .livelock, .stuck, .misuse:
      // Another failure (a deadlock) is no less a finding: it is kept, and worded as such.
      guard let finding = result.finding else { return .notFound(schedules: schedules) }
      return .found(finding)
    case .blind: return .blind(schedules: schedules)
    case .notRun:
      let why = result.report
      return .notRun(why.hasPrefix("not run: ") ? String(why.dropFirst(9)) : why)
    default: return .notFound(schedules: schedules)
    }
  }
}
