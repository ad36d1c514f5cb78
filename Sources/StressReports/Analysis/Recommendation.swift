import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Which wrapper to use, found in a run's numbers, with what measures it again. None is ever
/// written by hand: where the trials do not separate the wrappers
/// (`WrapperComparison.Entry.separated`), there is none. Reports word it
/// (`Recommendation+Wording`).
package struct Recommendation: Sendable, Equatable {
  package enum Finding: Sendable, Equatable {
    /// The same protected wrapper clearly ahead of the next at every thread count measured,
    /// by `ratios` (its median over the next one's).
    case fastestEverywhere(wrapper: String, threads: ClosedRange<Int>, ratios: ClosedRange<Double>)
    /// The fastest changes between neighbouring thread counts, each told apart at its end.
    case overtakes(Overtaking)
  }

  /// `winner` leads at `after` threads where `loser` led at `before`, with their medians.
  package struct Overtaking: Sendable, Equatable {
    package var winner: String
    package var loser: String
    package var before: Int
    package var after: Int
    package var winnerAfter: Double
    package var loserAfter: Double
    package var loserBefore: Double
    package var winnerBefore: Double
    /// The machine's cores, when the change comes as the threads begin to outnumber them.
    package var outnumberedCores: Int?

    package init(
      winner: String, loser: String, before: Int, after: Int, winnerAfter: Double,
      loserAfter: Double, loserBefore: Double, winnerBefore: Double, outnumberedCores: Int?
    ) {
      self.winner = winner
      self.loser = loser
      self.before = before
      self.after = after
      self.winnerAfter = winnerAfter
      self.loserAfter = loserAfter
      self.loserBefore = loserBefore
      self.winnerBefore = winnerBefore
      self.outnumberedCores = outnumberedCores
    }
  }

  package var subject: String
  package var readRatio: Double
  package var finding: Finding
  /// The run that measures it again: these wrappers at these thread counts, in `mode`.
  package var wrappers: [String]
  package var threads: [Int]
  package var mode: String?
}
