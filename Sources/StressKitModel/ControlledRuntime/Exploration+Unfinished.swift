import StressKitCore
import StressPlatform

extension Exploration {
  /// A schedule that never finished, as its report says it.
  static func unfinished(
    _ failure: ControlledScheduler.Failure, _ drawn: Drawn, schedule: Int, _ context: Context
  ) -> Failed {
    let headline = context.headline(schedule, drawn)
    let table = Scenario.describeCalls(drawn.scenario, M.operations)
    let trace = context.scheduler.trace
    switch failure {
    case .stuck(let thread, let operation, let seconds):
      // The stuck thread may still run: nothing it writes is read.
      let name = drawn.names.indices.contains(operation) ? " in \(drawn.names[operation])" : ""
      let text =
        "thread \(thread + 1) ran for \(String(format: "%.1f", seconds)) s\(name)"
        + " without reaching a scheduled primitive: a spin, or a blocking call the scheduler "
        + "does not see (a lock, queue, sleep or I/O not among its primitives)"
      return Failed(
        verdict: .stuck,
        report: ["stuck in \(headline): \(text)", table].joined(separator: "\n"),
        replay: nil, finding: found(.stuckThread, drawn, schedule: schedule, answers: nil))
    case .deadlock(let blocked):
      let token = context.token(drawn)
      return Failed(
        verdict: .deadlock,
        report: [
          "deadlock: no thread can go on in \(headline):",
          blocked.map { describe($0, trace) }.joined(separator: "\n"), table,
          "interleaving (\(trace.steps.count) steps):",
          trace.render(last: 60), "replay: \(context.replay(token))",
        ].joined(separator: "\n"), replay: token,
        finding: found(
          .deadlock, drawn, schedule: schedule, answers: nil, steps: trace.findingSteps(),
          replay: token))
    case .livelock(let points):
      return Failed(
        verdict: .livelock,
        report: [
          "livelock in \(headline): no schedule finished within \(points) steps: threads keep "
            + "reaching primitives without finishing (a livelock, or a spin on a scheduled "
            + "atomic)", table, "the last steps:", trace.render(last: 30),
        ].joined(separator: "\n"), replay: nil,
        finding: found(
          .livelock, drawn, schedule: schedule, answers: nil, steps: trace.findingSteps(last: 30)))
    }
  }

  /// A deadlocked thread's line: its operation, what it holds and what it waits for.
  static func describe(_ thread: ControlledScheduler.Blocked, _ trace: ScheduleTrace) -> String {
    var line = "  thread \(thread.thread + 1)"
    let operation = trace.operation(thread.operation)
    if !operation.isEmpty { line += " in \(operation)" }
    line += ": holds [" + thread.holds.map(trace.label).joined(separator: ", ") + "]"
    if let at = thread.waitsAt, let wait = thread.wait {
      if let until = wait.until {
        line += ", waits on \(trace.label(at)) for \(until)"
      } else {
        line += ", waits for \(trace.label(at))"
        if let holder = wait.holder { line += " (held by thread \(holder + 1))" }
      }
    }
    return line
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
    let within = "did not return within \(Budget.durationText(limit))"
    if let pending = watch.pending.withLock({ $0 }) {
      return ExplorationResult(
        verdict: pending.verdict, schedules: pending.schedules, scenarios: pending.scenarios,
        exhausted: false,
        report: pending.report
          + "\n(its one-thread check, run to rule out a broken test, blocked: \(call) \(within), "
          + "waiting for what only another thread does, so a broken test is not ruled out)",
        replay: pending.replay, finding: pending.finding)
    }
    let headline =
      "schedule \(schedule + 1) (scenario \(drawn.number)) of \(strategy), seed \(seed)"
    let table = Scenario.describeCalls(drawn.scenario, M.operations)
    func found(_ kind: Finding.Kind) -> Finding {
      Exploration.found(kind, drawn, schedule: schedule, answers: nil)
    }
    if lane == ExplorerWatch.checking {
      return ExplorationResult(
        verdict: .brokenTest, schedules: schedule + 1, scenarios: 0, exhausted: false,
        report: "broken test: in \(headline), the check of the history \(within): it runs the "
          + "operations alone on fresh instances (the model test is its own specification), and "
          + "one of them blocked: an operation that blocks alone (waiting for a call another "
          + "thread makes) cannot be checked\n\(table)", replay: nil,
        finding: found(.brokenTest))
    }
    if lane == threads {
      return ExplorationResult(
        verdict: .brokenTest, schedules: schedule + 1, scenarios: 0, exhausted: false,
        report: "broken test: in \(headline), the initial part's call \(call) \(within), with no "
          + "other thread running: an operation that blocks alone (waiting for a call another "
          + "thread makes) cannot be explored\n\(table)", replay: nil,
        finding: found(.brokenTest))
    }
    return ExplorationResult(
      verdict: .stuck, schedules: schedule + 1, scenarios: 0, exhausted: false,
      report: "stuck in \(headline): the post part's call \(call) \(within), after every "
        + "thread had finished: the parallel part left the object where a call blocks (a lost "
        + "wake-up, a lock never released)\n\(table)", replay: nil,
      finding: found(.stuckThread))
  }
}
