import StressKitCore

/// Where a time-budgeted run (`--time-budget`) spends what is left once every cell has had its
/// minimum of trials: on the cell whose result is least settled, one visit at a time, while a
/// visit still fits in the time left.
///
/// Pure arithmetic over statistics and measured costs, so tests drive it with a fake clock.
package enum BudgetPlanner {
  /// Seconds a trial is assumed to cost beyond its own duration before any has been measured:
  /// the worker's round trip and the results written. A floor, so a budget refused for it is
  /// truly too small.
  package static let overheadPerTrial = 0.001
  /// Seconds a fresh worker costs (BENCHMARKS.md, "fresh worker"): paid by every trial of a
  /// fresh-process cell, and by every forked trial.
  package static let freshWorkerCost = 0.010

  /// Seconds one trial of `cell` is assumed to take before any has run: at least its timed
  /// region and the overheads above; a forked trial, its fork's warmup as well.
  package static func priorCost(of cell: Cell, plan: Plan) -> Double {
    let trial = (plan.bound.seconds ?? 0) * cell.meanTrialLength + overheadPerTrial
    // A fresh-process cell is never forked: its trials have fresh workers already.
    if plan.forks && !cell.isControl && !cell.freshProcess {
      return Double(1 + plan.warmup) * trial + freshWorkerCost
    }
    return trial + (cell.freshProcess ? freshWorkerCost : 0)
  }

  /// Seconds the control costs a visit whose cells' trials cost `trials`, with `held` control
  /// trials at its thread count and one costing `control`: the whole trial until it holds
  /// `Plan.controlMinimum`; then, over many visits, its share of the cells' when that is less.
  package static func controlCost(_ control: Double, held: Int, trials: Double) -> Double {
    held < Plan.controlMinimum ? control : min(control, Plan.controlShare * trials)
  }

  /// Seconds the minimums still need at least: every cell's missing trials (and its warmup
  /// when it has any left), and after each cell that runs, the control at its thread count
  /// (`controlCost`).
  package static func minimumCost(of plan: Plan, completed: [TrialRecord]) -> Double {
    let done = Dictionary(grouping: completed, by: \.cell).mapValues { Set($0.map(\.trial)) }
    var total = 0.0
    var controls = Dictionary(
      grouping: completed.filter(\.cell.isControl), by: \.cell.threads
    ).mapValues(\.count)
    for cell in plan.cells {
      let missing = (0..<plan.trials).filter { !(done[cell]?.contains($0) ?? false) }.count
      guard missing > 0 else { continue }
      // A forked trial's prior includes its warmup; otherwise the cell's warmup runs once.
      let forked = plan.forks && !cell.freshProcess
      let warmup = forked ? 0 : plan.warmup
      let trials = Double(missing + warmup) * priorCost(of: cell, plan: plan)
      total += trials
      if plan.control && cell.threads > 1 {
        let held = controls[cell.threads, default: 0]
        controls[cell.threads] = held + 1
        total += controlCost(
          priorCost(of: plan.controlCell(threads: cell.threads), plan: plan), held: held,
          trials: trials)
      }
    }
    return total
  }

  /// How far from settled a cell's result is, on one scale for both questions it answers:
  /// - its verdict, for an unprotected cell at 2 or more threads with no failure yet: the
  ///   width of the rule-of-three bound, 3/n;
  /// - its throughput: the 99.9% interval's half-width over the mean; 1, wide open, before
  ///   there are 3 rates to compute it from, or while every trial came from one `visits`.
  ///   Trials in a row see the machine at one moment: a burst of load elsewhere moves them all
  ///   together, and their interval cannot show it. A second visit, later in the run, is what
  ///   makes a median comparable with another night's (`stress compare`).
  ///
  /// nil when more trials cannot change what the cell says: it failed (a failure settles the
  /// verdict, and its throughput is not the question), or it measures no throughput.
  package static func unsettled(_ s: CellStatistics, visits: Int = 2) -> Double? {
    guard s.trials > 0, s.failedTrials == 0 else { return nil }
    var score = 0.0
    if !s.cell.isProtected && s.cell.threads > 1 {
      score = 3 / Double(s.trials)
    }
    if !s.rates.isEmpty && visits < 2 {
      score = max(score, 1)
    } else if let ci = s.confidence999, let mean = s.mean, mean > 0 {
      score = max(score, (ci.upperBound - mean) / mean)
    } else if !s.rates.isEmpty {
      score = max(score, 1)
    }
    return score > 0 ? score : nil
  }

  /// The index of the cell to visit next, among those whose visit, `visitCost(index)`
  /// seconds, fits in `remaining` and that more trials can settle: first any cell seen in one
  /// visit only, then the least settled (the earliest on a tie either way); nil when none.
  /// A noisy cell's interval can stay wider than 1 for many visits, so a score alone would let
  /// it take the budget before quieter cells had their second look. `visits[i]`: the visits
  /// cell i has had (every cell 2 when not given).
  package static func next(
    _ cells: [CellStatistics], visits: [Int]? = nil, remaining: Double,
    visitCost: (Int) -> Double
  ) -> Int? {
    var best: (index: Int, once: Bool, score: Double)?
    for (index, s) in cells.enumerated() {
      let seen = visits?[index] ?? 2
      guard let score = unsettled(s, visits: seen), visitCost(index) <= remaining else {
        continue
      }
      let once = seen < 2
      if let best, best.once && !once || best.once == once && best.score >= score { continue }
      best = (index, once, score)
    }
    return best?.index
  }
}
