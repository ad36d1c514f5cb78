import StressKitCore
import StressKitModel
import StressReports

extension ModelTest {
  /// Explores the interleavings of this model test's scenarios under the controlled
  /// scheduler, where threads are real but run one at a time and switch only at scheduled
  /// primitives (`ScheduledLock`, `ScheduledAtomicInt`, `ScheduledQueue`,
  /// `ScheduledCondition`...), at operation starts, and where an async operation's task
  /// suspends (its jobs run one at a time on its thread); every history is checked for
  /// linearizability, as under stress.
  ///
  /// Up to `schedules` schedules of `threads` threads, seeded by `seed` (scenarios and
  /// random choices alike), stopping at the first failure. The random walk is the default:
  /// on small tests of two threads it finds shallow bugs in fewer schedules than PCT, whose
  /// bound is a floor that pays off with more threads and longer operations. A thread that runs `stuckAfter`
  /// seconds without reaching a primitive (a spin, a blocking call the scheduler does not see)
  /// is reported, never waited for; so is a deadlock between scheduled primitives, and a call
  /// of the initial or post part (run alone, outside the scheduler) that blocks: in the initial
  /// part it is a broken test, in the post part a finding (`.stuck`). Code that
  /// uses none of them runs each operation whole: only their points interleave.
  ///
  /// A failure's report holds the scenario, the interleaving step by step and a replay token:
  /// `explore(strategy: .replay(token))` runs the same schedule, with the same history.
  public static func explore(
    strategy: ScheduleStrategy = .randomWalk, threads: Int = 2, schedules: Int = 1_000,
    seed: UInt64 = 1, stuckAfter: Double = 2
  ) -> ExplorationResult {
    var result = Exploration<Self>.run(
      strategy: strategy, threads: threads, schedules: schedules, seed: seed,
      stuckAfter: stuckAfter)
    if let finding = result.finding { result.report = FindingText.explore.words(finding) }
    return result
  }
}
