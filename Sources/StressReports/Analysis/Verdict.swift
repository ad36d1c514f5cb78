import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What a subject's unprotected trials at 2 or more threads showed, next to what is documented.
/// A race needs company, so single-threaded trials say nothing here; protected wrappers are the
/// fix, not the type.
///
/// "No failure seen" is weighed by the run's power: trials at a thread count where the positive
/// control was mostly missed (`ControlReading.seesRaces`) could not have seen a race like the
/// control's, so they do not count towards the bound; with none left, the verdict is
/// inconclusive.
package struct Verdict: Sendable, Equatable {
  package var subject: String
  package var documented: DocumentedSafety
  /// Whether the type is `Sendable` in the toolchain that built the subject; nil if unstated.
  package var sendable: Bool?
  package var trials: Int
  /// Trials that ended corrupt, crashed or hung, by outcome.
  package var failures: [Outcome: Int]
  /// The positive control at each thread count the subject's trials ran at, where it ran;
  /// empty when the run had no control (`--no-control`, an earlier file).
  package var controls: [ControlReading] = []
  /// Trials at thread counts where the control was caught often enough: those a "no failure
  /// seen" can rest on. All trials when there was no control.
  package var poweredTrials: Int
  /// Trials left out of that count because some of their histories' checks ran out of time
  /// (`TrialResult.leftUnchecked`): they passed nothing.
  package var uncheckedTrials = 0
  /// Trials that ended in error (the test fails alone, on one thread; a replay diverged):
  /// they passed nothing, so no bound rests on them.
  package var erroredTrials = 0
  /// The thread counts those powered trials ran at, and the operations they ran: a bound
  /// that rests on one thread count, or on few operations, says so.
  package var poweredThreads: [Int] = []
  package var poweredOperations = 0
  /// The controlled scheduler's strategy, when the subject's trials explored schedules
  /// (`Cell.strategy`): then its operations are schedules, and no control applies.
  package var strategy: ScheduleStrategy?
  /// Under a bounded search: trials searched to the end of their bound, their scenarios and
  /// schedules; under any strategy, trials cut short before their bound or their budget
  /// (which claim nothing).
  package var searchedTrials = 0
  package var searchedScenarios = 0
  package var searchedSchedules = 0
  package var cutShortTrials = 0
  /// Under a strategy: the trials that recorded their switch points (steps at scheduled
  /// primitives), and those points in all.
  package var pointedTrials = 0
  package var switchPoints = 0
  /// The schedules those trials ran, wherever the control stood: what a blind exploration
  /// saw no primitive in.
  package var pointedSchedules = 0
  /// Its focused trials, pair by pair over every thread count (`FocusTally`): a bound covers
  /// them with the mixed ones, and a failure names the pairs it came from.
  package var focused: [FocusTally] = []

  /// How many of its trials were focused.
  package var focusedTrials: Int { focused.map(\.trials).reduce(0, +) }

  /// Whether the trials explored a bounded search, whose claim is its coverage.
  package var isSearch: Bool {
    if case .exhaustive = strategy { return true }
    return false
  }

  /// Every trial cut short (a search before its bound, an exploration before its budget) or
  /// otherwise not counted: no failure seen, but nothing covered.
  package var searchCutShort: Bool {
    failed == 0 && cutShortTrials > 0 && cutShortTrials == trials
  }

  package var failed: Int { failures.values.reduce(0, +) }

  /// No failure, and the operations reached no scheduled primitive in any schedule: the
  /// scheduler could switch only between whole operations, so nothing was explored inside one.
  package var blindExploration: Bool {
    strategy != nil && failed == 0 && pointedTrials > 0 && switchPoints == 0
  }

  /// No failure seen, but the control was mostly missed wherever this subject ran: the run
  /// could not have seen a race like the control's.
  package var inconclusive: Bool {
    failed == 0 && trials > 0 && (poweredTrials == 0 || searchCutShort || blindExploration)
  }

  /// The rule of three over the trials the run had the power for: with no failure in n
  /// independent trials, the per-trial failure rate is below 3/n with 95% confidence.
  package var upperBound95: Double? {
    failed == 0 && poweredTrials > 0 && !isReplay ? min(1, 3 / Double(poweredTrials)) : nil
  }

  /// Whether the trials replayed one schedule: each checks that schedule, the same one, so
  /// they are no sample and bound no rate.
  package var isReplay: Bool {
    if case .replay = strategy { return true }
    return false
  }

  /// The verdict in two words, to tell whether it changed between runs: "unsafe", "no failure
  /// seen" or "inconclusive".
  package var finding: String {
    failed > 0 ? "unsafe" : inconclusive ? "inconclusive" : "no failure seen"
  }
}
