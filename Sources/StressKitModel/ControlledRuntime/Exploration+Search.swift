import StressKitCore
import StressPlatform

extension Exploration {
  /// What every schedule of one exploration shares.
  struct Context {
    let scheduler: ControlledScheduler
    let threads: Int
    let strategy: ScheduleStrategy
    let seed: UInt64
    let stuckAfter: Double
    /// The clock a history's check reads against its deadline.
    let now: () -> UInt64
    let watch: ExplorerWatch

    /// The token of the schedule the scheduler just ran, of `drawn`.
    func token(_ drawn: Drawn) -> String {
      ReplayToken(
        subject: M.info.id, threads: threads, seed: seed, scenario: drawn.number,
        calls: drawn.fixed ? drawn.scenario : nil, choices: scheduler.trace.choices
      ).description
    }
  }

  /// The chooser `strategy` explores with; a replay's, the token's `replayed` choices.
  static func chooser(_ strategy: ScheduleStrategy, seed: UInt64, replayed: [Int]?)
    -> any ScheduleChooser
  {
    switch strategy {
    case .randomWalk: RandomWalk(seed: seed)
    case .pct(let depth): PCTChooser(depth: depth, seed: seed)
    case .exhaustive(let bound): PreemptionBoundedSearch(bound: bound)
    case .replay: ReplayChooser(replayed ?? [])
    }
  }

  /// How far an exploration went.
  struct Progress {
    var scenarios = 1
    var schedule = 0
    /// False once a search was cut short: its last scenario was not searched to the end.
    var searched = true
    /// Why the last search was cut short: the time, else ten times the schedule budget.
    var late = false
    /// Schedules whose history's check ran out of time: neither passed nor failed, so the
    /// exploration goes on (a later failure is still one) but can no longer pass.
    var unknowns = 0
    /// Steps at scheduled primitives, in every schedule run.
    var switchPoints = 0
    var firstUnknown: Finding?
  }

  /// The exploration itself, on the explorer's thread (see `run`).
  static func explore(
    strategy: ScheduleStrategy, threads: Int, schedules: Int, seconds: Double?, seed: UInt64,
    firstScenario: Int, fixed: Scenario? = nil, replayed: [Int]?, stuckAfter: Double,
    now: @escaping @Sendable () -> UInt64, watch: ExplorerWatch
  ) -> ExplorationResult {
    let deadline = seconds.map { Platform.monotonicNanos() + UInt64(max(0, $0) * 1e9) }
    func late() -> Bool { deadline.map { Platform.monotonicNanos() >= $0 } ?? false }
    let scheduler: ControlledScheduler
    do {
      scheduler = try ControlledScheduler(threads: threads)
    } catch {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the controlled threads could not start: \(error.reason)", replay: nil)
    }
    defer { scheduler.close() }
    let context = Context(
      scheduler: scheduler, threads: threads, strategy: strategy, seed: seed,
      stuckAfter: stuckAfter, now: now, watch: watch)
    let current = chooser(strategy, seed: seed, replayed: replayed)
    let budget = replayed == nil ? max(1, min(schedules, Int.max / 20)) : 1
    // A search started is finished, unless it runs to ten times the budget or past the time.
    let cap = budget * 10
    var drawn =
      fixed.map { Self.drawn($0, number: 0, fixed: true) }
      ?? draw(firstScenario, threads: threads, seed: seed)
    var progress = Progress()
    explore: while true {
      // A caller that gave up on a blocked call has its answer: nothing more is run for it.
      if watch.isAbandoned {
        return ExplorationResult(
          verdict: .notRun, schedules: progress.schedule, scenarios: progress.scenarios,
          exhausted: false, report: "abandoned", replay: nil)
      }
      watch.scenario.store(drawn.number, ordering: .relaxed)
      watch.schedule.store(progress.schedule, ordering: .relaxed)
      let failure = runOne(drawn, chooser: current, schedule: progress.schedule, context)
      progress.switchPoints += scheduler.uses
      if let failure {
        // A replay is faithful only if it made the token's choices, all of them: a failure
        // reached by other choices is not the schedule the token records.
        if replayed != nil {
          _ = current.finish(choices: scheduler.trace.choices.count)
          if current.diverged { return diverged() }
        }
        guard failure.verdict == .unknown else {
          var result = failure.result(
            schedules: progress.schedule + 1, scenarios: progress.scenarios)
          result.switchPoints = progress.switchPoints
          return result
        }
        progress.unknowns += 1
        if progress.unknowns == 1 { progress.firstUnknown = failure.finding }
      }
      progress.schedule += 1
      switch current.finish(choices: scheduler.trace.choices.count) {
      case .over:
        if current.diverged { return diverged() }
        break explore
      case .sameScenario:
        guard progress.schedule < cap, !late() else {
          (progress.searched, progress.late) = (false, late())
          break explore
        }
        continue explore
      case .newScenario:
        // The random strategies draw a new scenario every schedule: each schedule is an
        // independent try either way, and one scenario per try spreads them the widest.
        guard progress.schedule < budget, !late() else { break explore }
        // A given scenario is the only one: a search of it is over, a random one goes on.
        if drawn.fixed {
          if current.covers { break explore }
          continue explore
        }
      }
      drawn = draw(drawn.number + 1, threads: threads, seed: seed)
      progress.scenarios += 1
    }
    return ended(progress, covers: current.covers, strategy: strategy, seed: seed)
  }

  /// A replay that did not run as its token records.
  static func diverged() -> ExplorationResult {
    ExplorationResult(
      verdict: .replayDiverged, schedules: 1, scenarios: 1, exhausted: false, report: "",
      replay: nil, finding: Finding(.replayDiverged))
  }

  /// An exploration that ran out of schedules with no failure: a pass, or unknown if some
  /// histories' checks ran out of time.
  static func ended(
    _ progress: Progress, covers: Bool, strategy: ScheduleStrategy, seed: UInt64
  ) -> ExplorationResult {
    let (schedule, scenarios) = (progress.schedule, progress.scenarios)
    let exhausted = covers && progress.searched
    var summary =
      "\(schedule) schedule\(schedule == 1 ? "" : "s") of \(scenarios) "
      + "scenario\(scenarios == 1 ? "" : "s") (\(strategy), seed \(seed)), no failure"
    if case .exhaustive(let bound) = strategy {
      summary +=
        exhausted
        ? "; every scenario searched to the end: every schedule with at most \(bound) "
          + "preemption\(bound == 1 ? "" : "s")"
        : "; the last scenario's search was cut short at "
          + (progress.late ? "the time budget" : "ten times the schedule budget")
    }
    guard progress.unknowns == 0 else {
      let firstUnknown = progress.firstUnknown
      let first =
        "schedule \(firstUnknown?.schedule ?? 0) (scenario \(firstUnknown?.scenarioNumber ?? 0)) of "
        + "\(strategy), seed \(seed) (replay token \(firstUnknown?.replay ?? ""))"
      var unknown = ExplorationResult(
        verdict: .unknown, schedules: schedule, scenarios: scenarios, exhausted: exhausted,
        report:
          "unknown: \(summary), but \(progress.unknowns) of the histories' "
          + "\(TrialResult.uncheckedWords) their \(M.scenarios.checkSeconds) s "
          + "(ScenarioOptions.checkSeconds), so those schedules are neither passed nor failed; "
          + "the first: \(first)", replay: nil)
      unknown.switchPoints = progress.switchPoints
      return unknown
    }
    guard progress.switchPoints > 0 else {
      return ExplorationResult(
        verdict: .blind, schedules: schedule, scenarios: scenarios, exhausted: false,
        report: "inconclusive: the operations reached no scheduled primitive in \(schedule) "
          + "schedule\(schedule == 1 ? "" : "s"); the scheduler could switch only between whole "
          + "operations (\(strategy), seed \(seed))", replay: nil)
    }
    // A bounded search that stopped before its bound claims no pass: what it covered is less
    // than what the caller asked for.
    if case .exhaustive = strategy, !exhausted {
      var cut = ExplorationResult(
        verdict: .cutShort, schedules: schedule, scenarios: scenarios, exhausted: false,
        report: "search cut short: " + summary, replay: nil)
      cut.switchPoints = progress.switchPoints
      return cut
    }
    var passed = ExplorationResult(
      verdict: .passed, schedules: schedule, scenarios: scenarios, exhausted: exhausted,
      report: "passed: " + summary, replay: nil)
    passed.switchPoints = progress.switchPoints
    return passed
  }
}
