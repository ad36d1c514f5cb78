import StressKitCore
import StressPlatform

/// A model test's scenarios run under the controlled scheduler: each schedule a fresh
/// instance, the initial part on the explorer's thread, the parallel part on controlled
/// threads one step at a time, the post part last, and every history checked for
/// linearizability against the sequential specification, with logical time for real time.
package enum Exploration<M: ModelTest> {
  /// What one parallel thread answered: each call's result and its logical call and
  /// response times. Written by its controlled thread, read by the explorer after the run.
  private final class Lane: @unchecked Sendable {
    var records: [(result: ModelValue, call: UInt64, response: UInt64)] = []
  }

  /// A scenario with its specification and checker, kept for all of its schedules.
  fileprivate struct Drawn {
    let number: Int
    let scenario: Scenario
    /// The parallel part's calls as the trace names them, thread after thread.
    let names: [String]
    let ids: [[Int]]
    let specification: SequentialSpecification
    let checker: LinearizabilityChecker<Int, Int, Int>
  }

  /// Scenario `number` of `seed`. Under the controlled scheduler a schedule is cheap and a
  /// scenario that can fail is what is rare, so the initial and parallel parts draw a write
  /// nine times in ten (a conflict needs writes, and a write's answer often shows it) and
  /// the post part reads half the time, to see the state the threads left. On CacheDemo's
  /// account and a lost update over 300 seeds, this and a new scenario every schedule found
  /// the bugs within 100 random-walk schedules for 299 and 300 seeds, against 175 and 300
  /// with reads half the time everywhere and ten schedules a scenario (BENCHMARKS.md).
  private static func draw(_ number: Int, threads: Int, seed: UInt64) -> Drawn {
    var random = SplitMix64(seed: seed, stream: number)
    let scenario = Scenario.random(
      M.operations, threads: threads, options: M.scenarios, readRatio: 0.1, postReadRatio: 0.5,
      using: &random)
    var calls: [Scenario.Call] = []
    var numbered: [Scenario.Call: Int] = [:]
    let ids = scenario.lanes.map { lane in
      lane.map { call in
        if let id = numbered[call] { return id }
        numbered[call] = calls.count
        calls.append(call)
        return calls.count - 1
      }
    }
    let specification = SequentialSpecification(
      operations: M.operations, calls: calls, make: M.makeSpecification, state: M.state(of:))
    let checker = LinearizabilityChecker<Int, Int, Int>(initial: specification.root) {
      specification.step($0, $1, $2)
    }
    return Drawn(
      number: number, scenario: scenario,
      names: scenario.parallel.joined().map { Scenario.describe($0, M.operations) }, ids: ids,
      specification: specification, checker: checker)
  }

  /// Explores up to `schedules` schedules of `threads` threads with `strategy`, and for no
  /// longer than `seconds` if given (at least one schedule). `replay` words a failure's token
  /// as the way to run it again: Swift's `.replay("...")` here, a command line in a worker.
  /// `now` is the clock a history's check reads against its deadline.
  package static func run(
    strategy: ScheduleStrategy, threads: Int, schedules: Int, seconds: Double? = nil,
    seed: UInt64, stuckAfter: Double,
    replay: @escaping @Sendable (String) -> String = { ".replay(\"\($0)\")" },
    now: @escaping @Sendable () -> UInt64 = Platform.monotonicNanos
  ) -> ExplorationResult {
    if let refused = refusal(
      strategy: strategy, threads: threads, schedules: schedules, seconds: seconds,
      stuckAfter: stuckAfter)
    {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: \(refused)", replay: nil)
    }
    var threads = threads
    var seed = seed
    var firstScenario = 0
    var replayed: [Int]?
    if case .replay(let text) = strategy {
      guard let token = ReplayToken(text) else {
        return ExplorationResult(
          verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
          report: "not run: '\(text)' is not a replay token (threads.seed.scenario.choices)",
          replay: nil)
      }
      (threads, seed, firstScenario, replayed) =
        (token.threads, token.seed, token.scenario, token.choices)
    }
    guard threads <= ControlledScheduler.maxThreads else {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the controlled scheduler runs at most "
          + "\(ControlledScheduler.maxThreads) threads, not \(threads)", replay: nil)
    }
    // The explorer runs on a thread of its own, and this one waits: a call of the initial or
    // post part (or of a failure's one-thread check) runs outside the scheduler, and if it
    // blocks, only a watcher outside can report it instead of waiting forever.
    let watch = ExplorerWatch()
    let (explorerThreads, explorerSeed) = (threads, seed)
    let (scenarioOne, choices) = (firstScenario, replayed)
    if let reason = Platform.startThread({
      watch.finish(
        explore(
          strategy: strategy, threads: explorerThreads, schedules: schedules, seconds: seconds,
          seed: explorerSeed, firstScenario: scenarioOne, replayed: choices,
          stuckAfter: stuckAfter, replay: replay, now: now, watch: watch))
    }) {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the explorer's thread could not start: \(reason)", replay: nil)
    }
    let result = watch.wait {
      blocked(
        watch, threads: explorerThreads, seed: explorerSeed, strategy: strategy,
        stuckAfter: stuckAfter)
    }
    return result
      ?? ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the explorer ended without a result", replay: nil)
  }

  /// The exploration itself, on the explorer's thread (see `run`).
  private static func explore(
    strategy: ScheduleStrategy, threads: Int, schedules: Int, seconds: Double?, seed: UInt64,
    firstScenario: Int, replayed: [Int]?, stuckAfter: Double,
    replay: @escaping @Sendable (String) -> String, now: @escaping @Sendable () -> UInt64,
    watch: ExplorerWatch
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

    let current: any ScheduleChooser =
      switch strategy {
      case .randomWalk: RandomWalk(seed: seed)
      case .pct(let depth): PCTChooser(depth: depth, seed: seed)
      case .exhaustive(let bound): PreemptionBoundedSearch(bound: bound)
      case .replay: ReplayChooser(replayed ?? [])
      }
    let budget = replayed == nil ? max(1, min(schedules, Int.max / 20)) : 1
    // A search started is finished, unless it runs to ten times the budget or past the time.
    let cap = budget * 10
    var drawn = draw(firstScenario, threads: threads, seed: seed)
    var scenarios = 1
    var searched = true
    var schedule = 0
    // Schedules whose history's check ran out of time: neither passed nor failed, so the
    // exploration goes on (a later failure is still one) but can no longer pass.
    var unknowns = 0
    var firstUnknown = ""
    explore: while true {
      // A caller that gave up on a blocked call has its answer: nothing more is run for it.
      if watch.isAbandoned {
        return ExplorationResult(
          verdict: .notRun, schedules: schedule, scenarios: scenarios, exhausted: false,
          report: "abandoned", replay: nil)
      }
      watch.scenario.store(drawn.number, ordering: .relaxed)
      watch.schedule.store(schedule, ordering: .relaxed)
      if let failure = runOne(
        drawn, scheduler: scheduler, chooser: current, schedule: schedule, threads: threads,
        strategy: strategy, seed: seed, stuckAfter: stuckAfter, replay: replay, now: now,
        watch: watch)
      {
        if failure.verdict == .unknown {
          unknowns += 1
          if unknowns == 1 { firstUnknown = failure.report }
        } else {
          return ExplorationResult(
            verdict: failure.verdict, schedules: schedule + 1, scenarios: scenarios,
            exhausted: false, report: failure.report, replay: failure.replay,
            finding: failure.finding)
        }
      }
      schedule += 1
      switch current.finish(choices: scheduler.trace.choices.count) {
      case .over:
        guard !current.diverged else {
          return ExplorationResult(
            verdict: .replayDiverged, schedules: 1, scenarios: 1, exhausted: false,
            report: "replay diverged: the run asked for other choices than the token records, "
              + "so the code under test depends on more than its scheduling (time, randomness, "
              + "hashing, or threads of its own)", replay: nil, finding: Finding(.replayDiverged))
        }
        break explore
      case .sameScenario:
        guard schedule < cap, !late() else {
          searched = false
          break explore
        }
        continue explore
      case .newScenario:
        // The random strategies draw a new scenario every schedule: each schedule is an
        // independent try either way, and one scenario per try spreads them the widest.
        guard schedule < budget, !late() else { break explore }
      }
      drawn = draw(drawn.number + 1, threads: threads, seed: seed)
      scenarios += 1
    }
    let exhausted = current.covers && searched
    var summary =
      "\(schedule) schedule\(schedule == 1 ? "" : "s") of \(scenarios) "
      + "scenario\(scenarios == 1 ? "" : "s") (\(strategy), seed \(seed)), no failure"
    if case .exhaustive(let bound) = strategy {
      summary +=
        exhausted
        ? "; every scenario searched to the end: every schedule with at most \(bound) "
          + "preemption\(bound == 1 ? "" : "s")"
        : "; the last scenario's search was cut short at "
          + (late() ? "the time budget" : "ten times the schedule budget")
    }
    guard unknowns == 0 else {
      return ExplorationResult(
        verdict: .unknown, schedules: schedule, scenarios: scenarios, exhausted: exhausted,
        report:
          "unknown: \(summary), but \(unknowns) of the histories' \(TrialResult.uncheckedWords) "
          + "their \(M.scenarios.checkSeconds) s (ScenarioOptions.checkSeconds), so those "
          + "schedules are neither passed nor failed; the first: \(firstUnknown)", replay: nil)
    }
    return ExplorationResult(
      verdict: .passed, schedules: schedule, scenarios: scenarios, exhausted: exhausted,
      report: "passed: " + summary, replay: nil)
  }

  /// The report on a call outside the scheduler that has run `stuckAfter` seconds, if one
  /// has: in the initial part, an operation that blocks alone (a broken test); in the post
  /// part, one the parallel part left blocking (a finding); in a failure's one-thread check,
  /// the failure, with why a broken test could not be ruled out.
  private static func blocked(
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
      Finding(
        kind,
        scenario: ScenarioTable.finding(
          drawn.scenario, results: drawn.scenario.lanes.map { $0.map { _ in .noResult } },
          operations: M.operations), schedule: schedule + 1, scenarioNumber: drawn.number)
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

  /// Why arguments no exploration can run with are refused, if they are: the caller's code,
  /// so it is told, never trapped on or quietly changed.
  private static func refusal(
    strategy: ScheduleStrategy, threads: Int, schedules: Int, seconds: Double?,
    stuckAfter: Double
  ) -> String? {
    if M.operations.isEmpty { return "\(M.self) has no operations to explore" }
    if threads < 1 { return "threads must be at least 1, not \(threads)" }
    if schedules < 1 { return "schedules must be at least 1, not \(schedules)" }
    if let seconds, !(seconds > 0 && seconds.isFinite) {
      return "seconds must be a positive number, not \(seconds)"
    }
    if !(stuckAfter > 0 && stuckAfter <= 86_400) {
      return "stuckAfter must be from 0 to 86,400 seconds, not \(stuckAfter)"
    }
    if let problem = M.scenarios.problem { return "ScenarioOptions.\(problem)" }
    switch strategy {
    case .pct(let depth) where depth < 1: return "PCT's depth must be at least 1, not \(depth)"
    case .exhaustive(let bound) where bound < 0:
      return "preemptions must be at least 0, not \(bound)"
    default: return nil
    }
  }

  private struct Failed {
    var verdict: ExplorationResult.Verdict
    var report: String
    var replay: String?
    var finding: Finding?
  }

  /// One schedule of `drawn`: nil if it passed.
  private static func runOne(
    _ drawn: Drawn, scheduler: ControlledScheduler, chooser: any ScheduleChooser, schedule: Int,
    threads: Int, strategy: ScheduleStrategy, seed: UInt64, stuckAfter: Double,
    replay: (String) -> String, now: () -> UInt64, watch: ExplorerWatch
  ) -> Failed? {
    let operations = M.operations
    let scenario = drawn.scenario
    let instance = M.make()
    var alone = Alone(drawn, on: instance, watch: watch)
    alone.run(lane: threads)
    let lanes = (0..<threads).map { _ in Lane() }
    var first = 0
    let bodies: [() -> Void] = (0..<threads).map { thread in
      let lane = lanes[thread]
      let calls = scenario.parallel[thread]
      let base = first
      first += calls.count
      return {
        for (index, call) in calls.enumerated() {
          let start = scheduler.begin(thread, base + index)
          let result = operations[call.operation].body(instance, call.choices)
          let end = scheduler.end(thread, answered: result)
          lane.records.append((result, start, end))
        }
      }
    }
    let failure = scheduler.run(
      bodies, operations: drawn.names, chooser: chooser, schedule: schedule,
      stuckAfter: stuckAfter)
    let headline =
      "schedule \(schedule + 1) (scenario \(drawn.number)) of \(strategy), seed \(seed)"
    /// This schedule's failure as data; `answers` nil for a schedule that never finished.
    func found(
      _ kind: Finding.Kind, answers: [[ModelValue]]?, steps: [Finding.Step]? = nil,
      replay token: String? = nil
    ) -> Finding {
      Finding(
        kind,
        scenario: ScenarioTable.finding(
          scenario, results: answers ?? scenario.lanes.map { $0.map { _ in .noResult } },
          operations: operations),
        interleaving: steps, replay: token, schedule: schedule + 1, scenarioNumber: drawn.number)
    }
    if let failure {
      let table = Scenario.describeCalls(scenario, operations)
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
          replay: nil, finding: found(.stuckThread, answers: nil))
      case .deadlock(let blocked):
        let trace = scheduler.trace
        let token = ReplayToken(
          threads: threads, seed: seed, scenario: drawn.number, choices: trace.choices
        ).description
        let lines = blocked.map { thread in
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
        return Failed(
          verdict: .deadlock,
          report: [
            "deadlock: no thread can go on in \(headline):", lines.joined(separator: "\n"), table,
            "interleaving (\(trace.steps.count) steps):",
            trace.render(last: 60), "replay: \(replay(token))",
          ].joined(separator: "\n"), replay: token,
          finding: found(.deadlock, answers: nil, steps: trace.findingSteps(), replay: token))
      case .livelock(let points):
        return Failed(
          verdict: .livelock,
          report: [
            "livelock in \(headline): no schedule finished within \(points) steps: threads keep "
              + "reaching primitives without finishing (a livelock, or a spin on a scheduled "
              + "atomic)", table, "the last steps:",
            scheduler.trace.render(last: 30),
          ].joined(separator: "\n"), replay: nil,
          finding: found(.livelock, answers: nil, steps: scheduler.trace.findingSteps(last: 30)))
      }
    }
    let token = ReplayToken(
      threads: threads, seed: seed, scenario: drawn.number, choices: scheduler.trace.choices
    ).description
    let offset = alone.tick
    for thread in 0..<threads {
      for (index, record) in lanes[thread].records.enumerated() {
        alone.results[thread].append(record.result)
        alone.history.append(
          .init(
            thread: thread, input: drawn.ids[thread][index],
            output: drawn.specification.number(of: record.result), call: offset + record.call,
            response: offset + record.response))
      }
    }
    alone.tick = offset + scheduler.clock
    alone.run(lane: threads + 1)
    let deadline = Platform.monotonicNanos() + UInt64(max(0.001, M.scenarios.checkSeconds) * 1e9)
    // The check runs the operations alone, on fresh instances: one that blocks hangs it.
    watch.enter(lane: ExplorerWatch.checking, index: 0)
    let verdict = drawn.checker.check(alone.history, deadline: deadline, now: now)
    watch.leave()
    switch verdict {
    case .linearizable: return nil
    case .unknown:
      return Failed(
        verdict: .unknown, report: "\(headline), replay: \(replay(token))", replay: token)
    case .notLinearizable:
      let trace = scheduler.trace
      let failed = Failed(
        verdict: .notLinearizable,
        report: [
          "not linearizable: \(headline): no order of the calls explains what they answered:",
          ScenarioTable.render(scenario, results: alone.results, operations: operations),
          "interleaving (\(trace.steps.count) steps, \(trace.switches) switches):",
          trace.render(), "replay: \(replay(token))",
        ].joined(separator: "\n"), replay: token,
        finding: found(
          .notLinearizable, answers: alone.results, steps: trace.findingSteps(), replay: token))
      // Before a race is blamed: a nondeterministic operation fails on one thread as well.
      // If that check blocks, the failure stands, and the watcher says why it was not ruled out.
      watch.pending.withLock {
        $0 = ExplorationResult(
          verdict: failed.verdict, schedules: schedule + 1, scenarios: 0, exhausted: false,
          report: failed.report, replay: failed.replay, finding: failed.finding)
      }
      defer { watch.pending.withLock { $0 = nil } }
      for _ in 0..<3 {
        guard let sequential = sequentialFailure(drawn, threads: threads, watch: watch) else {
          continue
        }
        return Failed(
          verdict: .brokenTest,
          report: [
            "broken test: \(headline) is not linearizable, but neither is its scenario run on "
              + "one thread (the initial part, each thread's calls in turn, the post part), so "
              + "an operation answers what the specification does not (a nondeterministic "
              + "result, a wrong specification), and no race is to blame:",
            ScenarioTable.render(scenario, results: sequential, operations: operations),
          ].joined(separator: "\n"), replay: nil, finding: found(.brokenTest, answers: sequential))
      }
      return failed
    }
  }
}

extension Exploration {
  /// `drawn`'s scenario run on this thread, outside the scheduler: the initial part, each
  /// thread's calls in turn, the post part. Its answers if no order explains them.
  fileprivate static func sequentialFailure(_ drawn: Drawn, threads: Int, watch: ExplorerWatch)
    -> [[ModelValue]]?
  {
    var alone = Alone(drawn, on: M.make(), watch: watch)
    for lane in [threads] + Array(0..<threads) + [threads + 1] { alone.run(lane: lane) }
    let deadline = Platform.monotonicNanos() + UInt64(max(0.001, M.scenarios.checkSeconds) * 1e9)
    watch.enter(lane: ExplorerWatch.checking, index: 0)
    defer { watch.leave() }
    guard case .notLinearizable = drawn.checker.check(alone.history, deadline: deadline) else {
      return nil
    }
    return alone.results
  }

  /// Calls of `drawn` run on this thread, one logical tick apart: their answers by lane, and
  /// the history the checker reads (a controlled run adds its threads' calls in between).
  fileprivate struct Alone {
    let drawn: Drawn
    let instance: M.Instance
    let watch: ExplorerWatch
    var results: [[ModelValue]]
    var history: [LinearizabilityChecker<Int, Int, Int>.Operation] = []
    var tick: UInt64 = 0

    init(_ drawn: Drawn, on instance: M.Instance, watch: ExplorerWatch) {
      self.drawn = drawn
      self.instance = instance
      self.watch = watch
      results = drawn.scenario.lanes.map { _ in [] }
    }

    /// Runs lane `lane`'s calls in order, each watched (`ExplorerWatch`); none once the
    /// caller has given up on one.
    mutating func run(lane: Int) {
      for (index, call) in drawn.scenario.lanes[lane].enumerated() {
        if watch.isAbandoned { return }
        tick += 1
        let start = tick
        watch.enter(lane: lane, index: index)
        let result = M.operations[call.operation].body(instance, call.choices)
        watch.leave()
        tick += 1
        results[lane].append(result)
        history.append(
          .init(
            thread: lane, input: drawn.ids[lane][index],
            output: drawn.specification.number(of: result), call: start, response: tick))
      }
    }
  }
}

extension Scenario {
  /// The scenario's calls as a table with no answers: what a schedule that never finished ran.
  static func describeCalls<Instance>(
    _ scenario: Scenario, _ operations: [ModelOperation<Instance>]
  )
    -> String
  {
    ScenarioTable.render(
      scenario, results: scenario.lanes.map { $0.map { _ in ModelValue.noResult } },
      operations: operations)
  }
}
