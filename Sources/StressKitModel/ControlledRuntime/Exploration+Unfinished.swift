import StressKitCore
import StressPlatform

extension Exploration {
  /// A schedule that never finished, as data.
  static func unfinished(
    _ failure: ControlledScheduler.Failure, _ drawn: Drawn, schedule: Int, _ context: Context
  ) -> Failed {
    let trace = context.scheduler.trace
    func found(
      _ kind: Finding.Kind, _ what: Finding.Circumstance, steps: [Finding.Step]? = nil,
      replay: String? = nil
    ) -> Finding {
      Exploration.found(
        kind, drawn, schedule: schedule, answers: nil, what, steps: steps, replay: replay,
        strategy: context.strategy, seed: context.seed)
    }
    switch failure {
    case .stuck(let thread, let operation, let seconds):
      // The stuck thread may still run: nothing it writes is read.
      let name = drawn.names.indices.contains(operation) ? drawn.names[operation] : nil
      return Failed(
        verdict: .stuck,
        finding: found(.stuckThread, .spin(thread: thread + 1, operation: name, seconds: seconds)))
    case .deadlock(let blocked):
      return Failed(
        verdict: .deadlock,
        finding: found(
          .deadlock, .deadlock(blocked.map { describe($0, trace) }), steps: trace.findingSteps(),
          replay: context.token(drawn)))
    case .misuse(let thread, let operation, let primitive, let what):
      return Failed(
        verdict: .misuse,
        finding: found(
          .misuse,
          .misuse(
            thread: thread + 1, operation: trace.operation(operation),
            primitive: trace.label(primitive), what: what), steps: trace.findingSteps(),
          replay: context.token(drawn)))
    case .noThreadForBlock(let reason):
      let why =
        reason.map { "its thread would not start: \($0)" }
        ?? "a schedule has at most \(ControlledScheduler.maxThreads) threads and blocks"
      return Failed(
        verdict: .notRun, finding: nil,
        report: "not run: schedule \(schedule + 1) (scenario \(drawn.number)) submitted a block "
          + "the controlled scheduler could not run: \(why)")
    case .livelock(let points):
      var finding = found(
        .livelock, .livelock(points: points), steps: trace.findingSteps(last: 30))
      finding.stepsLeftOut = max(0, trace.steps.count - 30)
      return Failed(verdict: .livelock, finding: finding)
    }
  }

  /// A data race of the schedule just run, as data: both accesses, with their threads,
  /// operations and steps.
  static func raced(
    _ race: Causality.Race, _ drawn: Drawn, schedule: Int, _ context: Context
  ) -> Failed {
    let trace = context.scheduler.trace
    func access(_ a: Causality.Access) -> Finding.Access {
      let step = trace.steps.indices.contains(a.step - 1) ? trace.steps[a.step - 1] : nil
      return Finding.Access(
        thread: a.thread + 1, operation: step.map { trace.operation($0.operation) } ?? "",
        step: a.step, writes: a.writes)
    }
    return Failed(
      verdict: .dataRace,
      finding: found(
        .dataRace, drawn, schedule: schedule, answers: nil,
        .race(cell: trace.label(race.cell), first: access(race.first), second: access(race.second)),
        steps: trace.findingSteps(), replay: context.token(drawn), strategy: context.strategy,
        seed: context.seed))
  }

  /// A deadlocked thread as data: its operation, what it holds and what it waits for.
  static func describe(_ thread: ControlledScheduler.Blocked, _ trace: ScheduleTrace)
    -> Finding.Blocked
  {
    Finding.Blocked(
      thread: thread.thread + 1, operation: trace.operation(thread.operation),
      holds: thread.holds.map(trace.label),
      waitsAt: thread.wait == nil ? nil : thread.waitsAt.map(trace.label),
      until: thread.wait?.until, holder: thread.wait?.holder.map { $0 + 1 })
  }

  /// The report on a call outside the scheduler that has run `stuckAfter` seconds, if one
  /// has: in the initial part, an operation that blocks alone (a broken test); in the post
  /// part, one the parallel part left blocking (a finding); in a failure's one-thread check,
  /// the failure, with why a broken test could not be ruled out.
  static func blocked(
    _ watch: ExplorerWatch, threads: Int, seed: UInt64, strategy: ScheduleStrategy,
    stuckAfter: Double
  ) -> ExplorationResult? {
    let since = watch.since.load(ordering: .acquiring)
    let lane = watch.lane.load(ordering: .relaxed)
    // A check may take its own time before it gives up: a blocked one only after that.
    let limit = stuckAfter + (lane == ExplorerWatch.checking ? M.scenarios.checkSeconds : 0)
    guard since != 0, Platform.monotonicNanos() &- since > UInt64(limit * 1e9) else {
      return nil
    }
    let index = watch.index.load(ordering: .relaxed)
    let schedule = watch.schedule.load(ordering: .relaxed)
    let drawn = draw(watch.scenario.load(ordering: .relaxed), threads: threads, seed: seed)
    let calls = drawn.scenario.lanes.indices.contains(lane) ? drawn.scenario.lanes[lane] : []
    let call = index < calls.count ? Scenario.describe(calls[index], M.operations) : "?"
    if let pending = watch.pending.withLock({ $0 }), var finding = pending.finding {
      finding.checkBlocked = Finding.BlockedCall(.check, call: call, seconds: limit)
      return ExplorationResult(
        verdict: pending.verdict, schedules: pending.schedules, scenarios: pending.scenarios,
        exhausted: false, report: "", replay: pending.replay, finding: finding)
    }
    let part: Finding.BlockedCall.Part =
      lane == ExplorerWatch.checking ? .check : lane == threads ? .initial : .post
    let finding = Exploration.found(
      part == .post ? .stuckThread : .brokenTest, drawn, schedule: schedule, answers: nil,
      .blocked(Finding.BlockedCall(part, call: call, seconds: limit)), strategy: strategy,
      seed: seed)
    return ExplorationResult(
      verdict: part == .post ? .stuck : .brokenTest, schedules: schedule + 1, scenarios: 0,
      exhausted: false, report: "", replay: nil, finding: finding)
  }
}
