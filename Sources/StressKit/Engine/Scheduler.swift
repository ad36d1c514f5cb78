/// Runs a plan: its trials in a worker process, one trial at a time, every finished trial
/// handed to the observers at once. A worker goes on from cell to cell while its trials pass
/// (a fresh worker costs about 10 ms, more than a quick trial); a fresh one follows any failed
/// trial, and every trial of a fresh-process cell.
///
/// Call `run` from a thread that outlives the run (the main thread): on Linux a worker asks to
/// die with the thread that started it, so a pool thread that retires would take it along.
package final class Scheduler {
  package let plan: Plan
  /// Starts what a cell's trials run in: a worker process, or a test's fake.
  private let makeRunner: () throws -> any TrialRunner

  /// `workerExecutable` is a binary that serves `Worker.command`; by default, this one.
  package convenience init(plan: Plan, workerExecutable: String? = nil) {
    let executable = workerExecutable ?? Platform.executablePath()
    self.init(plan: plan) {
      try WorkerProcess(
        executable: executable, countsSanitizerReports: plan.countsSanitizerReports)
    }
  }

  /// Runs trials in what `makeRunner` starts, a fresh one whenever the last is not alive.
  package init(plan: Plan, makeRunner: @escaping () throws -> any TrialRunner) {
    self.plan = plan
    self.makeRunner = makeRunner
    Platform.ignoreBrokenPipes()
  }

  /// Runs every trial and returns each cell's statistics; throws if an observer fails or no
  /// worker can be started, and `RunInterrupted` (after telling the observers the run finished
  /// early) if `interruption` asks to stop. `completed` trials (from `ResumedRun`) are not run
  /// again, and count in the run's end.
  ///
  /// A finished cell's trials are folded into its statistics and dropped: the runner's memory
  /// stays flat however many trials a run has.
  @discardableResult
  package func run(
    observers: [any RunObserver], interruption: Interruption? = nil,
    completed: [TrialRecord] = []
  ) throws -> [CellStatistics] {
    var resumed = Dictionary(grouping: completed, by: \.cell)
    for o in observers { try o.runStarted(plan) }
    var finished: [CellStatistics] = []
    var worker: (any TrialRunner)?
    defer { worker?.stop() }
    for (index, cell) in plan.cells.enumerated() {
      let earlier = resumed.removeValue(forKey: cell) ?? []
      let done = Set(earlier.map(\.trial))
      let remaining = (0..<plan.trials).filter { !done.contains($0) }
      if remaining.isEmpty {
        finished.append(CellStatistics(cell: cell, records: earlier))
        continue
      }
      for o in observers { try o.cellStarted(cell, index: index, of: plan.cells.count) }
      var statistics = CellStatistics(cell: cell, records: earlier)
      // Negative trials are the warmup: run in the same worker, then discarded.
      for trial in Array(-plan.warmup..<0) + remaining {
        if let interruption, interruption.requested != nil {
          worker?.stop()
          try stopEarly(observers, finished + [statistics], resumed, interruption)
        }
        // A fresh worker after any failure: a corrupt trial may have left the heap damaged,
        // and the next trial must not crash for it.
        if worker == nil || worker?.isAlive == false {
          do {
            worker = try makeRunner()
          } catch {
            try stopEarly(
              observers, finished + [statistics], resumed,
              failure: HarnessFailure(detail: "cannot start a worker: \(error)", cell: cell))
          }
        }
        let seed = plan.seed(forTrial: trial)
        let spec = cell.spec(bound: plan.bound, seed: seed, tuning: plan.tuning)
        let result: TrialResult
        do {
          result = try worker!.run(
            spec, timeout: plan.timeout, failsAlone: cell.failsAlone, interruption: interruption)
        } catch {
          try stopEarly(observers, finished + [statistics], resumed, interruption!)
        }
        // The harness, not the subject, failed (no worker, a garbled or impossible answer):
        // no row blames the subject; the run stops with what it finished. If an interruption
        // came meanwhile (a Ctrl-C to the process group reaches workers too), that is what
        // happened.
        if result.harnessFault {
          worker?.stop()
          if let interruption, interruption.requested != nil {
            try stopEarly(observers, finished + [statistics], resumed, interruption)
          }
          try stopEarly(
            observers, finished + [statistics], resumed,
            failure: HarnessFailure(detail: result.detail, cell: cell))
        }
        // A fresh-process subject's state lives once per process: every trial gets its own.
        if result.outcome != .ok || cell.freshProcess { worker?.stop() }
        if trial < 0 {
          for o in observers { try o.warmupFinished(cell, result: result) }
          continue
        }
        let record = TrialRecord(cell: cell, trial: trial, seed: seed, result: result)
        statistics.add(record)
        for o in observers { try o.trialFinished(record) }
      }
      for o in observers { try o.cellFinished(statistics) }
      finished.append(statistics)
    }
    let cells = CellStatistics.related(finished)
    for o in observers { try o.runFinished(cells) }
    return cells
  }

  /// The trials finished so far go to the observers as the run's end; then the run throws
  /// `RunInterrupted`.
  private func stopEarly(
    _ observers: [any RunObserver], _ finished: [CellStatistics],
    _ resumed: [Cell: [TrialRecord]], _ interruption: Interruption
  ) throws -> Never {
    let cells = try finishEarly(observers, finished, resumed)
    throw RunInterrupted(
      signal: interruption.requested ?? 0, trialsDone: cells.map(\.trials).reduce(0, +),
      trialsPlanned: plan.cells.count * plan.trials, cells: cells)
  }

  /// The same, for a harness failure: the run throws it, with the trials it finished.
  private func stopEarly(
    _ observers: [any RunObserver], _ finished: [CellStatistics],
    _ resumed: [Cell: [TrialRecord]], failure: HarnessFailure
  ) throws -> Never {
    var failure = failure
    let cells = try finishEarly(observers, finished, resumed)
    failure.trialsDone = cells.map(\.trials).reduce(0, +)
    failure.trialsPlanned = plan.cells.count * plan.trials
    throw failure
  }

  private func finishEarly(
    _ observers: [any RunObserver], _ finished: [CellStatistics],
    _ resumed: [Cell: [TrialRecord]]
  ) throws -> [CellStatistics] {
    // The cell in flight counts with the trials it finished, if any.
    var cells = finished.filter { $0.trials > 0 }
    // Later cells' trials from a resumed file are kept too.
    cells += plan.cells.compactMap { c in resumed[c].map { CellStatistics(cell: c, records: $0) } }
    cells = CellStatistics.related(cells)
    for o in observers { try o.runFinished(cells) }
    return cells
  }
}
