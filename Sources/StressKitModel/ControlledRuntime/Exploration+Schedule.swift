import StressKitCore
import StressPlatform

extension Exploration {
  /// How a schedule failed: the verdict and the finding, as data that reports word.
  struct Failed {
    var verdict: ExplorationResult.Verdict
    /// None when the scheduler, not the code, could not go on (`notRun`, said in `report`).
    var finding: Finding?
    var report = ""

    /// The exploration's result when this failure ends it.
    func result(schedules: Int, scenarios: Int) -> ExplorationResult {
      ExplorationResult(
        verdict: verdict, schedules: schedules, scenarios: scenarios, exhausted: false,
        report: report, replay: finding?.replay, finding: finding)
    }
  }

  /// `drawn`'s failure in schedule `schedule` as data; `answers` nil for a schedule that never
  /// finished.
  static func found(
    _ kind: Finding.Kind, _ drawn: Drawn, schedule: Int, answers: [[ModelValue]]?,
    _ circumstance: Finding.Circumstance?, steps: [Finding.Step]? = nil,
    replay token: String? = nil, strategy: ScheduleStrategy, seed: UInt64
  ) -> Finding {
    let scenario = drawn.scenario
    var finding = Finding(
      kind,
      scenario: ScenarioTable.finding(
        scenario, results: answers ?? scenario.lanes.map { $0.map { _ in .noResult } },
        operations: M.operations),
      interleaving: steps, replay: token, schedule: schedule + 1, scenarioNumber: drawn.number)
    (finding.strategy, finding.seed, finding.circumstance) = (strategy, seed, circumstance)
    return finding
  }

  /// One schedule of `drawn`: nil if it passed.
  static func runOne(
    _ drawn: Drawn, chooser: any ScheduleChooser, schedule: Int, _ context: Context
  ) -> Failed? {
    let (scheduler, threads) = (context.scheduler, context.threads)
    let operations = M.operations
    let instance = M.make()
    var alone = Alone(drawn, on: instance, watch: context.watch)
    alone.run(lane: threads)
    let lanes = (0..<threads).map { _ in Lane() }
    // An async operation's jobs run on the thread that calls it, one at a time.
    nonisolated(unsafe) let shared = instance
    func perform(_ operation: ModelOperation<M.Instance>, _ choices: [Int], _ thread: Int)
      -> ModelValue
    {
      guard let body = operation.asyncBody else { return operation.body(instance, choices) }
      return ControlledTaskExecutor.run(on: scheduler, thread: thread) {
        await body(shared, choices)
      }
    }
    var first = 0
    let bodies: [() -> Void] = (0..<threads).map { thread in
      let lane = lanes[thread]
      let calls = drawn.scenario.parallel[thread]
      let base = first
      first += calls.count
      return {
        for (index, call) in calls.enumerated() {
          let start = scheduler.begin(thread, base + index)
          let result = perform(operations[call.operation], call.choices, thread)
          let end = scheduler.end(thread, answered: result)
          lane.records.append((result, start, end))
        }
      }
    }
    let failure = scheduler.run(
      bodies, operations: drawn.names, chooser: chooser, schedule: schedule,
      stuckAfter: context.stuckAfter)
    // A race is the cause of whatever else the schedule did: it is reported first.
    if let race = scheduler.causality.race {
      return raced(race, drawn, schedule: schedule, context)
    }
    if let failure { return unfinished(failure, drawn, schedule: schedule, context) }
    let offset = alone.tick
    var operation = 0
    for thread in 0..<threads {
      for (index, record) in lanes[thread].records.enumerated() {
        // An operation that handed work to a queue took effect when that work had run.
        let response = scheduler.settled(operation, response: record.response)
        operation += 1
        alone.results[thread].append(record.result)
        alone.history.append(
          .init(
            thread: thread, input: drawn.ids[thread][index],
            output: drawn.specification.number(of: record.result), call: offset + record.call,
            response: offset + response))
      }
    }
    alone.tick = offset + scheduler.clock
    alone.run(lane: threads + 1)
    return check(alone, drawn, schedule: schedule, context)
  }

  /// The check of a finished schedule's history: nil if some order of its calls explains it.
  static func check(_ alone: Alone, _ drawn: Drawn, schedule: Int, _ context: Context)
    -> Failed?
  {
    let (watch, threads) = (context.watch, context.threads)
    let deadline = Platform.monotonicNanos() + UInt64(max(0.001, M.scenarios.checkSeconds) * 1e9)
    // The check runs the operations alone, on fresh instances: one that blocks hangs it.
    watch.enter(lane: ExplorerWatch.checking, index: 0)
    let verdict = drawn.checker.check(alone.history, deadline: deadline, now: context.now)
    watch.leave()
    guard verdict != .linearizable else { return nil }
    let token = context.token(drawn)
    let trace = context.scheduler.trace
    func found(_ kind: Finding.Kind, _ answers: [[ModelValue]], _ what: Finding.Circumstance?)
      -> Finding
    {
      Exploration.found(
        kind, drawn, schedule: schedule, answers: answers, what,
        steps: kind == .brokenTest ? nil : trace.findingSteps(),
        replay: kind == .brokenTest ? nil : token, strategy: context.strategy, seed: context.seed)
    }
    switch verdict {
    case .linearizable: return nil
    case .unknown:
      return Failed(verdict: .unknown, finding: found(.notLinearizable, alone.results, nil))
    case .notLinearizable:
      var failing = found(.notLinearizable, alone.results, .history(switches: trace.switches))
      failing.reentrancy = trace.reentrancy()
      let failed = Failed(verdict: .notLinearizable, finding: failing)
      // Before a race is blamed: a nondeterministic operation fails on one thread as well.
      // If that check blocks, the failure stands, and the watcher says why it was not ruled out.
      watch.pending.withLock { $0 = failed.result(schedules: schedule + 1, scenarios: 0) }
      defer { watch.pending.withLock { $0 = nil } }
      for _ in 0..<3 {
        guard let sequential = sequentialFailure(drawn, threads: threads, watch: watch) else {
          continue
        }
        return Failed(verdict: .brokenTest, finding: found(.brokenTest, sequential, .failsAlone))
      }
      return failed
    }
  }
}
