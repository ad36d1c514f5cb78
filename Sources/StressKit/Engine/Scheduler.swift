/// Runs a plan: each cell's trials in a worker process, one trial at a time, a fresh worker
/// after any crash or hang, every finished trial handed to the observers at once.
public final class Scheduler {
  public let plan: Plan
  private let workerExecutable: String

  /// `workerExecutable` is a binary that serves `Worker.command`; by default, this one.
  public init(plan: Plan, workerExecutable: String? = nil) {
    self.plan = plan
    self.workerExecutable = workerExecutable ?? Platform.executablePath()
    Platform.ignoreBrokenPipes()
  }

  /// Runs every trial; throws if an observer fails or no worker can be started, and
  /// `RunInterrupted` (after telling the observers the run finished early) if `interruption`
  /// asks to stop.
  @discardableResult
  /// `completed` trials (from `ResumedRun`) are not run again, and count in the run's end.
  public func run(
    observers: [any RunObserver], interruption: Interruption? = nil,
    completed: [TrialRecord] = []
  ) throws -> [TrialRecord] {
    let done = Set(completed.map { CellTrial(cell: $0.cell, trial: $0.trial) })
    for o in observers { try o.runStarted(plan) }
    var all = completed
    for (index, cell) in plan.cells.enumerated() {
      let remaining = (0..<plan.trials).filter { !done.contains(CellTrial(cell: cell, trial: $0)) }
      if remaining.isEmpty { continue }
      for o in observers { try o.cellStarted(cell, index: index, of: plan.cells.count) }
      var worker: WorkerProcess?
      defer { worker?.stop() }
      var records: [TrialRecord] = []
      // Negative trials are the warmup: run in the same worker, then discarded.
      for trial in Array(-plan.warmup..<0) + remaining {
        if let interruption, interruption.requested != nil {
          worker?.stop()
          try stopEarly(observers, all + records, interruption)
        }
        // A fresh worker after any failure: a corrupt trial may have left the heap damaged,
        // and the next trial must not crash for it.
        if worker == nil || worker?.isAlive == false {
          worker = try WorkerProcess(
            executable: workerExecutable, countsSanitizerReports: plan.countsSanitizerReports)
        }
        let seed = plan.seed(forTrial: trial)
        let spec = cell.spec(bound: plan.bound, seed: seed, tuning: plan.tuning)
        let result: TrialResult
        do {
          result = try worker!.run(
            spec, timeout: plan.timeout, failsAlone: cell.failsAlone, interruption: interruption)
        } catch {
          try stopEarly(observers, all + records, interruption!)
        }
        if result.outcome != .ok { worker?.stop() }
        if trial < 0 {
          for o in observers { try o.warmupFinished(cell, result: result) }
          continue
        }
        let record = TrialRecord(cell: cell, trial: trial, seed: seed, result: result)
        records.append(record)
        for o in observers { try o.trialFinished(record) }
      }
      all += records
      for o in observers { try o.cellFinished(cell, records: records) }
    }
    for o in observers { try o.runFinished(all) }
    return all
  }

  struct CellTrial: Hashable {
    var cell: Cell
    var trial: Int
  }

  /// The trials finished so far go to the observers as the run's end; then the run throws.
  private func stopEarly(
    _ observers: [any RunObserver], _ done: [TrialRecord], _ interruption: Interruption
  ) throws -> Never {
    for o in observers { try o.runFinished(done) }
    throw RunInterrupted(
      signal: interruption.requested ?? 0, trialsDone: done.count,
      trialsPlanned: plan.cells.count * plan.trials)
  }
}
