import Foundation
import StressKitCore
import StressKitPlan
import StressPlatform

/// Runs a plan: its trials in a worker process, one trial at a time, every finished trial
/// handed to the observers at once. A worker goes on from cell to cell while its trials pass
/// (a fresh worker costs several ms even from the zygote, more than a quick trial); a fresh one
/// follows any failed trial, and every trial of a fresh-process cell. Forked (`Plan.forks`),
/// every measured trial gets a fresh worker and its own warmup. A worker skips the sanity pass
/// of a subject and wrapper it has passed a trial of; should such a trial fail, the pass runs
/// alone in a fresh worker to judge it (`TrialSpec.Sanity`), so every failure is judged as
/// before at a fraction of the cost (a sixth of the quick collections suite was sanity passes).
///
/// With the plan's control on, a cell at 2 or more threads is followed by one trial of the
/// positive control at its thread count, in the same worker, so the control sees the machine as
/// the cells do: after every cell until it holds `Plan.controlMinimum` trials there, then while
/// its trials there cost at most `Plan.controlShare` of the cells'. A control trial as long as
/// the cells' (a duration budget) after each cell of 4 such trials took a sixth of `all`'s
/// trials; its reading needs its trials spread over the run, not one after each of 860 cells.
/// With a time budget, every cell first gets its minimum; then the cell least
/// settled gets another visit (the minimum's number of trials, then a control trial) while a
/// visit still fits (`BudgetPlanner`): a cell measured in one visit only is wide open, so
/// every cell gets a second, later look before any gets a third.
///
/// Call `run` from a thread that outlives the run (the main thread): on Linux a worker asks to
/// die with the thread that started it, so a pool thread that retires would take it along.
package final class Scheduler {
  package let plan: Plan
  /// Starts what a cell's trials run in: a worker process, or a test's fake.
  let makeRunner: () throws -> any TrialRunner
  /// Monotonic seconds: the budget's clock (a test's fake advances with its trials).
  let clock: () -> Double
  /// A finished trial's detail, as the reports word it: the engine hands its findings over as
  /// data (`Finding`), and the CSV, the console and every report read the words made here.
  /// By default, the detail as the trial gave it.
  package var detail: (TrialSpec, TrialResult) -> String = { $1.detail }

  /// `workerExecutable` is a binary that serves `Worker.command`; by default, this one, whose
  /// workers are forked by a zygote (`ForkServer`) where the system allows it. Not under a
  /// sanitizer's run or build: its runtime's threads make a fork unsafe, and a forked TSan
  /// worker is slower than an exec'ed one.
  /// `forks: false`, or `STRESS_FORK_SERVER=0` in the environment, starts every worker by
  /// exec, as before.
  package convenience init(plan: Plan, workerExecutable: String? = nil, forks: Bool = true) {
    let executable = workerExecutable ?? Platform.executablePath()
    let forks =
      forks && workerExecutable == nil && !plan.countsSanitizerReports
      && !Platform.hasThreadSanitizer
      && ProcessInfo.processInfo.environment["STRESS_FORK_SERVER"] != "0"
    let server =
      forks ? ForkServer(executable: executable, environment: WorkerProcess.environment) : nil
    let forecast = plan.forecastsHangs ? HangForecast() : nil
    self.init(plan: plan) {
      try WorkerProcess(
        executable: executable, countsSanitizerReports: plan.countsSanitizerReports,
        reportsCrashes: plan.reportsCrashes, forkServer: server, memoryLimit: plan.memoryLimit,
        forecast: forecast)
    }
  }

  /// Runs trials in what `makeRunner` starts, a fresh one whenever the last is not alive.
  package init(
    plan: Plan, clock: @escaping () -> Double = { Double(Platform.monotonicNanos()) / 1e9 },
    makeRunner: @escaping () throws -> any TrialRunner
  ) {
    self.plan = plan
    self.makeRunner = makeRunner
    self.clock = clock
    Platform.ignoreBrokenPipes()
  }

  /// Runs every trial and returns each cell's statistics (the control's after the plan's
  /// cells); throws if an observer fails or no worker can be started, and `RunInterrupted`
  /// (after telling the observers the run finished early) if `interruption` asks to stop.
  /// `completed` trials (from `ResumedRun`) are not run again, and count in the run's end;
  /// `spent` is the seconds of the budget an earlier, resumed part already used.
  ///
  /// A cell's trials are folded into its statistics as they finish: the runner's memory stays
  /// flat however many trials a run has.
  @discardableResult
  package func run(
    observers: [any RunObserver], interruption: Interruption? = nil,
    completed: [TrialRecord] = [], spent: Double = 0
  ) throws -> [CellStatistics] {
    let run = Run(self, observers, interruption, completed, budgetStart: clock() - spent)
    defer { run.worker?.stop() }
    for o in observers { try o.runStarted(plan) }
    for index in plan.cells.indices {
      try run.visit(index, trials: Array(0..<plan.trials), announced: true)
    }
    if let budget = plan.timeBudget {
      let deadline = run.budgetStart + budget
      while let index = BudgetPlanner.next(
        run.cells, visits: run.cellVisits, remaining: deadline - clock(),
        visitCost: run.visitCost)
      {
        let next = run.nextTrial[index]
        try run.visit(index, trials: Array(next..<next + plan.trials), announced: false)
      }
    }
    let cells = run.all
    for o in observers { try o.runFinished(cells) }
    return cells
  }
}
