/// What `ModelTest.explore` found: a verdict, how much it explored, and for a failure its
/// report (the scenario, the interleaving step by step, and the replay token).
public struct ExplorationResult: Sendable, CustomStringConvertible {
  /// How the exploration ended.
  public enum Verdict: String, Sendable {
    /// No schedule explored failed.
    case passed
    /// A schedule's history has no sequential explanation.
    case notLinearizable = "not linearizable"
    /// Two accesses to a `Shared` cell, one a write, that no scheduled primitive ordered: a
    /// data race in every schedule where both happen.
    case dataRace = "data race"
    /// A schedule left threads that can never go on.
    case deadlock
    /// A schedule never finished while its threads kept reaching primitives.
    case livelock
    /// A thread ran past the deadline without reaching a scheduled primitive.
    case stuck
    /// A primitive was used against its rules (a lock unlocked by a thread that does not hold
    /// it, a condition waited on without its lock).
    case misuse = "misused primitive"
    /// No schedule failed, but some histories' checks ran out of time
    /// (`ScenarioOptions.checkSeconds`): those schedules are neither passed nor failed, so
    /// the exploration is not a pass.
    case unknown
    /// A failing scenario fails on one thread too, with no other running: the test's
    /// operations answer what its specification does not (a nondeterministic result, a wrong
    /// specification), so the failure is the test's, not a race's.
    case brokenTest = "broken test"
    /// No failure, but the operations reached no scheduled primitive: the scheduler could
    /// switch only between whole operations, so the exploration proves nothing (a type on
    /// `NSLock`, `Mutex` or a queue of its own, not on the scheduled stand-ins).
    case blind = "inconclusive"
    /// An exhaustive search with no failure that was cut short before the end of its bound
    /// (at ten times the schedule budget, or its time): it covered less than its bound, so
    /// it is not a pass. Raise `schedules`, or lower the bound.
    case cutShort = "search cut short"
    /// A replay did not run as recorded: the code under test is not deterministic apart from
    /// its scheduling (time, randomness, hashing, threads of its own).
    case replayDiverged = "replay diverged"
    /// The controlled threads could not start.
    case notRun = "not run"
  }

  /// How it ended.
  public let verdict: Verdict
  /// Schedules run, the failing one included.
  public let schedules: Int
  /// Scenarios drawn.
  public let scenarios: Int
  /// For an exhaustive search: whether every scenario it started was searched to the end of
  /// its bound. Always false for the random strategies, which never finish.
  public let exhausted: Bool
  /// The failure, as a person reads it; for a pass, one line of what was explored.
  public package(set) var report: String
  /// The failing schedule's replay token, for `ScheduleStrategy.replay`.
  public let replay: String?
  /// Steps at scheduled primitives in all the schedules run (operations' starts and ends left
  /// out): where the scheduler could switch inside an operation.
  package var switchPoints = 0
  /// The failure as data: its kind, scenario, interleaving and replay token.
  package let finding: Finding?

  package init(
    verdict: Verdict, schedules: Int, scenarios: Int, exhausted: Bool, report: String,
    replay: String?, finding: Finding? = nil
  ) {
    self.finding = finding
    self.verdict = verdict
    self.schedules = schedules
    self.scenarios = scenarios
    self.exhausted = exhausted
    self.report = report
    self.replay = replay
  }

  /// Whether no schedule failed and the exploration covered what it set out to: not an
  /// exhaustive search cut short, nor one left unchecked or blind.
  public var passed: Bool { verdict == .passed }

  /// The report.
  public var description: String { report }
}
