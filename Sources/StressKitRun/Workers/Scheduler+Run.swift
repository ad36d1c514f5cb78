import Foundation
import StressKitCore
import StressKitPlan
import StressPlatform

extension Scheduler {
  /// One run's state: the cells' statistics, the control's, the worker, and what each cell's
  /// trials cost.
  final class Run {
    let scheduler: Scheduler
    var plan: Plan { scheduler.plan }
    let observers: [any RunObserver]
    let interruption: Interruption?
    /// Where the budget's clock started (earlier by what a resumed part spent).
    let budgetStart: Double
    var worker: (any TrialRunner)?
    /// Subjects and wrappers (`[subject, wrapper]`) that passed a trial in the current worker:
    /// their next trials there skip the sanity pass (`TrialSpec.Sanity`).
    var soundAlone: Set<[String]> = []
    var cells: [CellStatistics]
    /// The control's statistics by thread count, and the trials it holds.
    var controls: [Int: CellStatistics] = [:]
    /// The control's trials a resumed run already holds, by thread count and number. A new
    /// one's number grows with the visits, so only these can come again: a set of every trial
    /// run grew the runner by some 70 bytes a control trial, for as long as a run lasts.
    var resumedControlTrials: Set<[Int]> = []
    /// Visits made at each thread count: the control's next trial number comes from it.
    var visits: [Int: Int] = [:]
    /// Visits that ran trials of each cell (a resumed cell's earlier trials count as one).
    var cellVisits: [Int]
    var resumed: [Cell: Set<Int>]
    var nextTrial: [Int]
    /// Seconds spent on each cell's measured trials, and on the control's, by thread count.
    var cost: [(seconds: Double, trials: Int)]
    var controlCost: [Int: (seconds: Double, trials: Int)] = [:]
    /// Seconds spent on measured trials at each thread count, the control's share's base.
    var measuredSeconds: [Int: Double] = [:]

    init(
      _ scheduler: Scheduler, _ observers: [any RunObserver], _ interruption: Interruption?,
      _ completed: [TrialRecord], budgetStart: Double
    ) {
      self.scheduler = scheduler
      self.observers = observers
      self.interruption = interruption
      self.budgetStart = budgetStart
      let plan = scheduler.plan
      let byCell = Dictionary(grouping: completed, by: \.cell)
      resumed = byCell.mapValues { Set($0.map(\.trial)) }
      cells = plan.cells.map { CellStatistics(cell: $0, records: byCell[$0] ?? []) }
      nextTrial = plan.cells.map { c in max(plan.trials, (byCell[c]?.map(\.trial).max() ?? -1) + 1)
      }
      cost = plan.cells.map { _ in (0, 0) }
      cellVisits = plan.cells.map { byCell[$0] == nil ? 0 : 1 }
      for (cell, records) in byCell where cell.isControl {
        controls[cell.threads] = CellStatistics(cell: cell, records: records)
        for r in records { resumedControlTrials.insert([cell.threads, r.trial]) }
      }
    }

    /// The plan's cells that ran or were resumed, related, then the control's.
    var all: [CellStatistics] {
      let ran = cells.filter { $0.trials > 0 }
      let control = controls.keys.sorted().compactMap { controls[$0] }.filter { $0.trials > 0 }
      return CellStatistics.related(ran) + control
    }

    /// Seconds a visit to cell `index` is expected to take: its trials at their measured mean
    /// cost (the prior before any), and the control trial after them.
    func visitCost(_ index: Int) -> Double {
      let cell = plan.cells[index]
      func mean(_ c: (seconds: Double, trials: Int)?, _ prior: Cell) -> Double {
        guard let c, c.trials > 0 else { return BudgetPlanner.priorCost(of: prior, plan: plan) }
        return c.seconds / Double(c.trials)
      }
      let trials = Double(plan.trials) * mean(cost[index], cell)
      guard plan.control && cell.threads > 1 else { return trials }
      let control = mean(controlCost[cell.threads], plan.controlCell(threads: cell.threads))
      return trials
        + BudgetPlanner.controlCost(
          control, held: controls[cell.threads]?.trials ?? 0, trials: trials)
    }

    /// Runs `trials` of cell `index` (those a resumed file lacks), its warmup first on the
    /// first visit, then a control trial. `announced`: the cell's first visit, which the
    /// observers hear start and finish; later visits only add trials.
    func visit(_ index: Int, trials: [Int], announced: Bool) throws {
      let cell = plan.cells[index]
      let remaining = trials.filter { !(resumed[cell]?.contains($0) ?? false) }
      let visit = visits[cell.threads, default: 0]
      visits[cell.threads] = visit + 1
      guard !remaining.isEmpty else { return }
      cellVisits[index] += 1
      if announced {
        for o in observers { try o.cellStarted(cell, index: index, of: plan.cells.count) }
      }
      let warmup = Array(-plan.warmup..<0)
      if plan.forks && !cell.freshProcess {
        // JMH's forks: each trial in a fresh worker, after its own warmup there. Its cost
        // counts both, for the budget.
        for trial in remaining {
          let started = scheduler.clock()
          worker?.stop()
          for w in warmup { try warm(cell, w) }
          try measure(index, trial, since: started)
        }
      } else {
        // Negative trials are the warmup: run in the same worker, then discarded.
        if announced { for w in warmup { try warm(cell, w) } }
        for trial in remaining { try measure(index, trial, since: scheduler.clock()) }
      }
      if announced {
        for o in observers { try o.cellFinished(cells[index]) }
      }
      if plan.control && cell.threads > 1 && controlIsDue(threads: cell.threads) {
        try control(threads: cell.threads, visit: visit)
      }
    }

    /// Whether the control runs after this visit at `threads`: until it holds its minimum of
    /// trials there (a resumed file's count), then while they cost at most their share.
    func controlIsDue(threads: Int) -> Bool {
      (controls[threads]?.trials ?? 0) < Plan.controlMinimum
        || (controlCost[threads]?.seconds ?? 0)
          <= Plan.controlShare * measuredSeconds[threads, default: 0]
    }

    /// A warmup trial of `cell`, numbered `trial` (negative): its result is discarded.
    func warm(_ cell: Cell, _ trial: Int) throws {
      let result = try run(cell, trial: trial)
      for o in observers { try o.warmupFinished(cell, result: result) }
    }

    /// Trial `trial` of cell `index`, recorded and handed to the observers; its cost, for the
    /// budget, is counted from `started`.
    func measure(_ index: Int, _ trial: Int, since started: Double) throws {
      let cell = plan.cells[index]
      let result = try run(cell, trial: trial)
      let spent = scheduler.clock() - started
      cost[index].seconds += spent
      cost[index].trials += 1
      measuredSeconds[cell.threads, default: 0] += spent
      nextTrial[index] = max(nextTrial[index], trial + 1)
      let record = TrialRecord(
        cell: cell, trial: trial, seed: plan.seed(forTrial: trial), result: result)
      cells[index].add(record)
      for o in observers { try o.trialFinished(record) }
    }

    /// The control's trial after a visit: numbered by the visit, interleaved across shards
    /// (shard i of n takes numbers i-1, i-1+n, ...), so merged shards never collide, and a
    /// resumed run's never meet the file's (numbers of visits it skipped are left unused).
    func control(threads: Int, visit: Int) throws {
      let shard = plan.shard ?? Shard(index: 1, count: 1)
      let trial = visit * shard.count + shard.index - 1
      guard !resumedControlTrials.contains([threads, trial]) else { return }
      let cell = plan.controlCell(threads: threads)
      let started = scheduler.clock()
      let result = try run(cell, trial: trial)
      let spent = scheduler.clock() - started
      controlCost[threads, default: (0, 0)].seconds += spent
      controlCost[threads, default: (0, 0)].trials += 1
      let record = TrialRecord(
        cell: cell, trial: trial, seed: plan.seed(forTrial: trial), result: result)
      controls[threads, default: CellStatistics(cell: cell)].add(record)
      for o in observers { try o.trialFinished(record) }
    }

    /// One trial in the current worker (a fresh one if it is gone).
    func run(_ cell: Cell, trial: Int) throws -> TrialResult {
      if let interruption, interruption.requested != nil {
        worker?.stop()
        try stopEarly(interruption)
      }
      var spec = cell.spec(
        bound: plan.bound, seed: plan.seed(forTrial: trial), tuning: plan.tuning, trial: trial)
      if cell.isProtected { spec.deadline = plan.cap }
      // An exploration stops by itself at half the timeout, before the runner would call it a
      // hang: a large --ops or a busy machine makes exploring long, no fault of the subject's.
      if spec.strategy != nil { spec.deadline = plan.timeout / 2 }
      let key = [cell.subject, cell.wrapper]
      try ensureWorker(for: cell)
      // The sanity pass only tells a broken subject from a finding: a worker that passed this
      // subject and wrapper already needs it only if the trial fails. (An exploration has none.)
      let skipped =
        soundAlone.contains(key) && cell.threads > 1 && !cell.failsAlone && spec.strategy == nil
      if skipped { spec.sanity = .skipped }
      var result = try answer(spec, cell)
      // An exploration has no sanity pass: one that crashed runs alone, as a stress trial's
      // pass does, in a fresh worker; a crash there too is the test's (an error), not a finding.
      if spec.strategy != nil && result.outcome == .crash {
        worker?.stop()
        try ensureWorker(for: cell)
        var alone = spec
        (alone.strategy, alone.sanity, alone.deadline) = (nil, .only, nil)
        let sane = try answer(alone, cell)
        if sane.outcome != .ok { result = sane }
      }
      // The control's lost updates damage nothing: its worker goes on.
      let benign = cell.isControl && result.outcome == .corrupt
      if result.outcome == .ok { soundAlone.insert(key) }
      if skipped && result.outcome != .ok && !benign {
        // Judged as if its sanity pass had run first: alone, with its seed, in a fresh worker
        // (a corrupt trial may have left this one's heap damaged), which goes on if it passes.
        worker?.stop()
        try ensureWorker(for: cell)
        spec.sanity = .only
        let alone = try answer(spec, cell)
        guard alone.outcome != .ok else {
          soundAlone.insert(key)
          return result
        }
        result = alone
      }
      // A fresh worker after any failure: a corrupt trial may have left the heap damaged,
      // and the next trial must not crash for it. A fresh-process subject's state lives once
      // per process: every trial gets its own.
      if (result.outcome != .ok && !benign) || cell.freshProcess { worker?.stop() }
      return result
    }

    /// Starts a worker if none is alive; a fresh one has passed nothing yet.
    func ensureWorker(for cell: Cell) throws {
      guard worker == nil || worker?.isAlive == false else { return }
      do {
        worker = try scheduler.makeRunner()
      } catch {
        try stopEarly(HarnessFailure(detail: "cannot start a worker: \(error)", cell: cell))
      }
      soundAlone = []
    }

    /// `spec` run in the current worker. The harness, not the subject, failed (no worker, a
    /// garbled or impossible answer): no row blames the subject; the run stops with what it
    /// finished. If an interruption came meanwhile (a Ctrl-C to the process group reaches
    /// workers too), that is what happened.
    func answer(_ spec: TrialSpec, _ cell: Cell) throws -> TrialResult {
      var result: TrialResult
      let probe = MachineProbe(pid: worker!.pid)
      do {
        result = try worker!.run(
          spec, timeout: plan.timeout, failsAlone: cell.failsAlone, interruption: interruption)
      } catch {
        try stopEarly(interruption!)
      }
      result.machine = probe.reading()
      if result.harnessFault {
        worker?.stop()
        if let interruption, interruption.requested != nil { try stopEarly(interruption) }
        try stopEarly(HarnessFailure(detail: result.detail, cell: cell))
      }
      result.detail = scheduler.detail(spec, result)
      return result
    }

    /// Trials done (resumed ones included) and planned, the control's left out.
    var counts: (done: Int, planned: Int) {
      (cells.map(\.trials).reduce(0, +), plan.cells.count * plan.trials)
    }

    /// The trials finished so far go to the observers as the run's end; then the run throws
    /// `RunInterrupted`.
    func stopEarly(_ interruption: Interruption) throws -> Never {
      let finished = try finishEarly()
      throw RunInterrupted(
        signal: interruption.requested ?? 0, trialsDone: counts.done,
        trialsPlanned: counts.planned, cells: finished)
    }

    /// The same, for a harness failure: the run throws it, with the trials it finished.
    func stopEarly(_ failure: HarnessFailure) throws -> Never {
      var failure = failure
      _ = try finishEarly()
      (failure.trialsDone, failure.trialsPlanned) = counts
      throw failure
    }

    private func finishEarly() throws -> [CellStatistics] {
      let finished = all
      for o in observers { try o.runFinished(finished) }
      return finished
    }
  }
}
