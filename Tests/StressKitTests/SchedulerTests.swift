import Foundation
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitRun
@testable import StressPlatform

/// The scheduler's own logic, with runners faked in this process: warmup, fresh runners after
/// failures, fresh-process cells, resume, interruption and harness failures.
@Suite struct SchedulerTests {
  /// Answers each trial with what `answer` says for its spec and trial number (seed - base
  /// seed), and moves the log's fake clock on by `log.trialCost`.
  final class FakeRunner: TrialRunner {
    let answer: (TrialSpec, Int) -> TrialResult
    let base: UInt64
    let log: Log
    var isAlive = true

    init(base: UInt64, log: Log, answer: @escaping (TrialSpec, Int) -> TrialResult) {
      self.base = base
      self.log = log
      self.answer = answer
    }

    func run(
      _ spec: TrialSpec, timeout: Double, failsAlone: Bool, interruption: Interruption?
    ) throws(Interrupted) -> TrialResult {
      let trial = Int(Int64(bitPattern: spec.seed &- base))
      log.trials.append(trial)
      log.specs.append(spec)
      log.now += spec.subject == PositiveControl.info.id ? log.controlCost : log.trialCost
      if let interruption, interruption.requested != nil {
        stop()
        throw Interrupted()
      }
      return answer(spec, trial)
    }

    func stop() { isAlive = false }
  }

  /// What the fakes saw, and what the observers were told.
  final class Log: RunObserver {
    var runners = 0
    var trials: [Int] = []
    var warmups = 0
    var records: [TrialRecord] = []
    var specs: [TrialSpec] = []
    /// The fake clock, in seconds, and what each trial moves it on by (the control's trials by
    /// `controlCost`, the cells' cost unless set).
    var now = 0.0
    var trialCost = 0.0
    lazy var controlCost = trialCost
    func warmupFinished(_ cell: Cell, result: TrialResult) throws { warmups += 1 }
    func trialFinished(_ record: TrialRecord) throws { records.append(record) }
  }

  static let ok = TrialResult(
    outcome: .ok, failures: 0, ops: 10, reads: 5, writes: 5, seconds: 0.01)

  /// `threads`, when given, replaces the first `cells` of 2, 4 and 8 threads.
  func plan(
    trials: Int = 3, warmup: Int = 0, cells: Int = 1, control: Bool = false, forks: Bool = false,
    wrapper: String = "lock", threads: [Int]? = nil
  ) throws -> Plan {
    var options = RunOptions()
    options.control = control
    options.forks = forks
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = [wrapper]
    options.threads = threads ?? Array([2, 4, 8].prefix(cells))
    options.trials = trials
    options.warmup = warmup
    options.ops = 10
    options.seed = 1000
    return try Plan(options: options, catalog: .forTests, suiteDirectories: [])
  }

  func scheduler(_ plan: Plan, _ log: Log, answer: @escaping (Int) -> TrialResult = { _ in ok })
    -> Scheduler
  {
    scheduler(plan, log) { _, trial in answer(trial) }
  }

  /// A scheduler on the log's fake clock whose runners answer by spec and trial.
  func scheduler(
    _ plan: Plan, _ log: Log, answer: @escaping (TrialSpec, Int) -> TrialResult
  ) -> Scheduler {
    Scheduler(plan: plan, clock: { log.now }) {
      log.runners += 1
      return FakeRunner(base: plan.seed, log: log, answer: answer)
    }
  }

  /// A corrupt trial, as the control's lost updates end.
  static let corrupt = TrialResult(
    outcome: .corrupt, failures: 3, ops: 10, reads: 0, writes: 10, seconds: 0.01,
    detail: "3 of 20 increments lost")

  /// The control's trials corrupt, the cells' ok.
  static func controlCaught(_ spec: TrialSpec, _ trial: Int) -> TrialResult {
    spec.subject == PositiveControl.info.id ? corrupt : ok
  }

  @Test func warmupTrialsRunFirstInTheSameRunnerAndAreDiscarded() throws {
    let plan = try plan(trials: 3, warmup: 2)
    let log = Log()
    try scheduler(plan, log).run(observers: [log])
    #expect(log.trials == [-2, -1, 0, 1, 2])
    #expect(log.warmups == 2)
    #expect(log.records.map(\.trial) == [0, 1, 2])
    #expect(log.runners == 1)
  }

  @Test func aFailedTrialRetiresItsRunner() throws {
    let log = Log()
    let crash = TrialResult(outcome: .crash, detail: "SIGSEGV")
    // Trials 1 and 2 crash; alone, as their sanity passes, they pass.
    try scheduler(try plan(trials: 4), log) { spec, trial in
      (trial == 1 || trial == 2) && spec.sanity != .only ? crash : Self.ok
    }.run(observers: [log])
    // Trials 0 and 1 in the first runner; 1 judged alone and 2 in a second, which goes on; 2
    // judged alone and 3 in a third.
    #expect(log.runners == 3)
    #expect(log.records.map(\.result.outcome) == [.ok, .crash, .crash, .ok])
  }

  @Test func aRunnerGoesOnFromCellToCellWhileItsTrialsPass() throws {
    let log = Log()
    try scheduler(try plan(trials: 2, cells: 3), log).run(observers: [log])
    #expect(log.runners == 1)
    #expect(log.records.count == 6)
    // A failure in the second cell retires the runner: the third cell gets a fresh one.
    let crash = TrialResult(outcome: .crash, detail: "SIGSEGV")
    var calls = 0
    let second = Log()
    try scheduler(try plan(trials: 2, cells: 3), second) { _ in
      calls += 1
      return calls == 4 ? crash : Self.ok
    }.run(observers: [second])
    #expect(second.runners == 2)
    #expect(second.records.map(\.result.outcome) == [.ok, .ok, .ok, .crash, .ok, .ok])
  }

  @Test func aRunnerSkipsTheSanityPassOfWhatItHasPassed() throws {
    let log = Log()
    try scheduler(try plan(trials: 3, cells: 2), log).run(observers: [log])
    // The first trial runs its pass; every later one in the same runner needs none.
    #expect(log.specs.map(\.sanity) == [nil, .skipped, .skipped, .skipped, .skipped, .skipped])
    #expect(log.runners == 1)
  }

  @Test func aFailureWithoutItsSanityPassIsJudgedAloneInAFreshRunner() throws {
    let corrupt = Self.corrupt
    // Trial 1 fails; alone it fails too: a broken subject, as if the pass had run first.
    let broken = Log()
    try scheduler(try plan(trials: 3), broken) { spec, trial in
      switch (trial, spec.sanity) {
      case (1, .only?): .brokenSubject("alone")
      case (1, _): corrupt
      default: Self.ok
      }
    }.run(observers: [broken])
    #expect(broken.specs.map(\.sanity) == [nil, .skipped, .only, nil])
    #expect(broken.trials == [0, 1, 1, 2])
    #expect(broken.records.map(\.result.outcome) == [.ok, .error, .ok])
    #expect(broken.records[1].result.detail.contains("fails single-threaded"))
    // The second runner judged it, the third runs trial 2 after that runner's failure.
    #expect(broken.runners == 3)
    // Alone it passes: the failure is the trial's, and the runner that judged it goes on.
    let found = Log()
    try scheduler(try plan(trials: 3), found) { spec, trial in
      trial == 1 && spec.sanity != .only ? corrupt : Self.ok
    }.run(observers: [found])
    #expect(found.specs.map(\.sanity) == [nil, .skipped, .only, .skipped])
    #expect(found.records.map(\.result.outcome) == [.ok, .corrupt, .ok])
    #expect(found.runners == 2)
  }

  @Test func oneThreadCellsAndTheControlsLostUpdatesNeedNoJudgingAlone() throws {
    let plan = try plan(
      trials: 2, control: true, wrapper: "unprotected", threads: [1, 2])
    let log = Log()
    try scheduler(plan, log, answer: Self.controlCaught).run(observers: [log])
    // A one-thread cell runs alone already; the control's corrupt trials are no failure.
    #expect(!log.specs.contains { $0.sanity == .only })
    #expect(log.specs.filter { $0.threads == 1 }.allSatisfy { $0.sanity == nil })
    #expect(log.runners == 1)
  }

  @Test func aFreshProcessCellGetsARunnerPerTrial() throws {
    var plan = try plan(trials: 3, warmup: 1)
    plan.cells[0].freshProcess = true
    let log = Log()
    try scheduler(plan, log).run(observers: [log])
    #expect(log.runners == 4)
  }

  @Test func forkedTrialsEachGetAFreshRunnerAndTheirOwnWarmup() throws {
    var plan = try plan(trials: 3, warmup: 2, cells: 2, control: true, forks: true)
    #expect(plan.forks)
    let log = Log()
    var runners: [Int] = []
    try Scheduler(plan: plan, clock: { log.now }) {
      log.runners += 1
      return FakeRunner(base: plan.seed, log: log) { spec, trial in
        runners.append(log.runners)
        return Self.controlCaught(spec, trial)
      }
    }.run(observers: [log])
    // Per cell: three forks of two warmup trials and one measured, then the control's trial
    // (its first at the cell's thread count) in the last fork's runner: it is never forked.
    let fork = [-2, -1]
    let cell = fork + [0] + fork + [1] + fork + [2]
    #expect(log.trials == cell + [0] + cell + [0])
    #expect(log.warmups == 12)
    #expect(log.records.filter { !$0.cell.isControl }.map(\.trial) == [0, 1, 2, 0, 1, 2])
    #expect(log.runners == 6)
    #expect(runners == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6])
    // Unforked, the warmup runs once per cell and one runner goes on throughout.
    plan.forks = false
    let plain = Log()
    try scheduler(plan, plain, answer: Self.controlCaught).run(observers: [plain])
    #expect(plain.trials == fork + [0, 1, 2, 0] + fork + [0, 1, 2, 0])
    #expect(plain.runners == 1)
  }

  @Test func aBudgetCountsAForksWarmupAndFreshWorkerInItsTrialsCost() throws {
    // unprotected's open verdict takes the whole budget.
    var plan = try budgeted(1.0, wrappers: ["unprotected"])
    plan.warmup = 1
    plan.forks = true
    let prior = BudgetPlanner.priorCost(of: plan.cells[0], plan: plan)
    #expect(prior == 2 * BudgetPlanner.overheadPerTrial + BudgetPlanner.freshWorkerCost)
    // The warmup is in each trial's prior, not added once more for the cell.
    #expect(BudgetPlanner.minimumCost(of: plan, completed: []) == Double(plan.trials) * prior)
    // A fresh-process cell is not forked: its warmup runs once, its trials pay a fresh worker.
    var fresh = plan
    fresh.cells[0].freshProcess = true
    #expect(
      BudgetPlanner.minimumCost(of: fresh, completed: [])
        == Double(plan.trials + 1)
        * (BudgetPlanner.overheadPerTrial + BudgetPlanner.freshWorkerCost))
    plan.forks = false
    #expect(
      BudgetPlanner.minimumCost(of: plan, completed: [])
        == Double(plan.trials + 1) * BudgetPlanner.priorCost(of: plan.cells[0], plan: plan))
    // Run forked on the fake clock: a visit's measured cost is its trials' and their warmups'.
    plan.forks = true
    let log = Log()
    log.trialCost = 1.0 / 128
    let cells = try scheduler(plan, log).run(observers: [log])
    // Every trial costs 2/128 s with its warmup: the budget holds 64 of them, in visits of 2.
    #expect(cells[0].trials == 64)
    #expect(log.now == 1.0)
  }

  @Test func resumedTrialsAreNotRunAgainButCount() throws {
    let plan = try plan(trials: 3, cells: 2)
    let done = [0, 2].map {
      TrialRecord(cell: plan.cells[0], trial: $0, seed: plan.seed(forTrial: $0), result: Self.ok)
    }
    let log = Log()
    let cells = try scheduler(plan, log).run(observers: [log], completed: done)
    // Only trial 1 of the first cell is left there; the second cell runs whole.
    #expect(log.trials == [1, 0, 1, 2])
    #expect(cells.map(\.trials) == [3, 3])
  }

  @Test func anInterruptionStopsTheRunWithWhatItFinished() throws {
    let interruption = Interruption()
    let log = Log()
    let plan = try plan(trials: 4, cells: 2)
    let scheduler = scheduler(plan, log) { trial in
      if trial == 1 { interruption.request(15) }
      return Self.ok
    }
    #expect {
      try scheduler.run(observers: [log], interruption: interruption)
    } throws: { error in
      let stopped = error as? RunInterrupted
      return stopped?.signal == 15 && stopped?.trialsDone == 2 && stopped?.trialsPlanned == 8
    }
    #expect(log.records.map(\.trial) == [0, 1])
  }

  @Test func aHarnessFaultStopsTheRunAndBlamesNoSubject() throws {
    let log = Log()
    let scheduler = scheduler(try plan(trials: 3), log) {
      $0 == 1 ? .harnessFault("worker sent an unreadable result") : Self.ok
    }
    #expect {
      try scheduler.run(observers: [log])
    } throws: { error in
      let failure = error as? HarnessFailure
      return failure?.detail == "worker sent an unreadable result" && failure?.trialsDone == 1
    }
    #expect(log.records.map(\.trial) == [0])
  }

  @Test func aRunnerThatCannotStartIsAHarnessFailure() throws {
    struct NoProcesses: Error, CustomStringConvertible {
      var description: String { "fork failed: Resource temporarily unavailable" }
    }
    let scheduler = Scheduler(plan: try plan()) { throw NoProcesses() }
    #expect {
      try scheduler.run(observers: [])
    } throws: { error in
      (error as? HarnessFailure)?.detail
        == "cannot start a worker: fork failed: Resource temporarily unavailable"
    }
  }

  // MARK: - The positive control

  @Test func aControlTrialFollowsEachCellOfTwoOrMoreThreadsInTheSameRunner() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock"]
    options.threads = [1, 2, 4]
    options.trials = 2
    options.ops = 10
    options.seed = 1000
    let plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    #expect(plan.control)
    let log = Log()
    let cells = try scheduler(plan, log, answer: Self.controlCaught).run(observers: [log])
    #expect(
      log.records.map { "\($0.cell.subject)/\($0.cell.threads)#\($0.trial)" } == [
        "test-wide-window-counter/1#0", "test-wide-window-counter/1#1",
        "test-wide-window-counter/2#0", "test-wide-window-counter/2#1", "positive-control/2#0",
        "test-wide-window-counter/4#0", "test-wide-window-counter/4#1", "positive-control/4#0",
      ])
    // Same budget as the cells, writes only, unprotected.
    let control = try #require(log.specs.first { $0.subject == PositiveControl.info.id })
    #expect(
      control.bound == plan.bound && control.readRatio == 0 && control.wrapper == "unprotected")
    // Its lost updates retire no worker.
    #expect(log.runners == 1)
    // Its statistics come last, one per thread count.
    #expect(cells.map(\.cell.isControl) == [false, false, false, true, true])
    // Off, no control trial runs.
    var off = options
    off.control = false
    let quiet = Log()
    try scheduler(try Plan(options: off, catalog: .forTests, suiteDirectories: []), quiet)
      .run(observers: [quiet])
    #expect(quiet.records.allSatisfy { !$0.cell.isControl } && quiet.records.count == 6)
  }

  @Test func shardsNumberTheControlsTrialsApart() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock", "unprotected"]
    options.threads = [2, 4, 8]
    options.trials = 1
    options.ops = 10
    options.seed = 1000
    var seen: [Int] = []
    for i in 1...3 {
      options.shard = Shard(index: i, count: 3)
      let log = Log()
      try scheduler(try Plan(options: options, catalog: .forTests, suiteDirectories: []), log)
        .run(observers: [log])
      seen += log.records.filter(\.cell.isControl).map(\.trial)
      // Shard 1 holds cells 0 and 3, both at 2 threads: its control trials are 0 and 3.
      if i == 1 { #expect(log.records.filter(\.cell.isControl).map(\.trial) == [0, 3]) }
    }
    #expect(seen.sorted() == [0, 1, 2, 3, 4, 5])
  }

  @Test func resumedControlTrialsAreNotRunAgain() throws {
    let plan = try plan(trials: 2, cells: 2, control: true)
    let done =
      [0, 1].map {
        TrialRecord(cell: plan.cells[0], trial: $0, seed: plan.seed(forTrial: $0), result: Self.ok)
      } + [
        TrialRecord(
          cell: .control(threads: 2), trial: 0, seed: plan.seed(forTrial: 0), result: Self.corrupt)
      ]
    let log = Log()
    let cells = try scheduler(plan, log, answer: Self.controlCaught).run(
      observers: [log], completed: done)
    #expect(
      log.records.map { "\($0.cell.subject)/\($0.cell.threads)#\($0.trial)" } == [
        "test-wide-window-counter/4#0", "test-wide-window-counter/4#1", "positive-control/4#0",
      ])
    #expect(cells.filter(\.cell.isControl).map(\.trials) == [1, 1])
  }

  // MARK: - A time budget

  /// A plan of `wrappers` at 2 threads under a budget of `budget` seconds.
  func budgeted(_ budget: Double, wrappers: [String], control: Bool = false) throws -> Plan {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = wrappers
    options.threads = [2]
    options.ops = 10
    options.seed = 1000
    options.timeBudget = budget
    options.control = control
    return try Plan(options: options, catalog: .forTests, suiteDirectories: [])
  }

  @Test func aBudgetGivesEveryCellItsMinimumThenTheRestToTheLeastSettled() throws {
    // semaphore fails at once; lock's throughput never varies; unprotected never fails.
    let plan = try budgeted(1.0, wrappers: ["semaphore", "lock", "unprotected"])
    #expect(plan.trials == 2)
    let log = Log()
    // A binary fraction, so the fake clock's sums are exact.
    log.trialCost = 1.0 / 128
    let cells = try scheduler(plan, log) { spec, _ in
      spec.wrapper == "semaphore" ? Self.corrupt : Self.ok
    }
    .run(observers: [log])
    let trials = Dictionary(uniqueKeysWithValues: cells.map { ($0.cell.wrapper, $0.trials) })
    // A failed cell needs nothing more; lock's interval closes once it has 3 rates (one more
    // visit of 2); the rest goes to the verdict still open.
    #expect(trials["semaphore"] == 2)
    #expect(trials["lock"] == 4)
    #expect(trials["unprotected"] == 118)
    // The budget, and not more: 3 warmup trials (one a cell) and 124 measured, 1/128 s each;
    // a visit of 2 trials does not fit in the 1/128 s left.
    #expect(log.now == 127.0 / 128)
    // Extra trials continue the cell's numbering, so their seeds are new.
    let unprotected = log.records.filter { $0.cell.wrapper == "unprotected" }.map(\.trial)
    #expect(unprotected == Array(0..<118))
  }

  @Test func everyCellGetsASecondLookBeforeAnyGetsAThird() throws {
    // 3 trials settle lock's interval (its throughput never varies), but all in one visit:
    // one moment of the machine. It gets a second visit, later, before unprotected's open
    // verdict takes the rest.
    var plan = try budgeted(0.5, wrappers: ["lock", "unprotected"])
    plan.trials = 3
    let log = Log()
    log.trialCost = 1.0 / 128
    let cells = try scheduler(plan, log) { _, _ in Self.ok }.run(observers: [log])
    let trials = Dictionary(uniqueKeysWithValues: cells.map { ($0.cell.wrapper, $0.trials) })
    #expect(trials["lock"] == 6)
    let order = log.records.map(\.cell.wrapper)
    #expect(
      Array(order.prefix(9)) == [
        "lock", "lock", "lock", "unprotected", "unprotected",
        "unprotected", "lock", "lock", "lock",
      ])
    #expect(trials["unprotected"].map { $0 > 6 } == true)
  }

  @Test func aBudgetPaysForTheControlToo() throws {
    let plan = try budgeted(0.5, wrappers: ["unprotected"], control: true)
    let log = Log()
    log.trialCost = 1.0 / 128
    try scheduler(plan, log, answer: Self.controlCaught).run(observers: [log])
    // Each visit: 2 trials of the cell, then 1 of the control, until the control holds its
    // minimum; then, as long as the cells' trials, it is past its share of their time.
    let kinds = log.records.map(\.cell.isControl)
    #expect(kinds.prefix(6) == [false, false, true, false, false, true])
    #expect(kinds.filter { $0 }.count == Plan.controlMinimum)
    #expect(kinds.suffix(2) == [false, false])
    // A warmup trial, 20 visits of 3 trials and one of 2: a 21st control trial would not fit.
    #expect(log.now == 63.0 / 128)
  }

  @Test func pastItsMinimumTheControlTakesItsShareOfTheCellsTime() throws {
    let plan = try budgeted(1.0, wrappers: ["unprotected"], control: true)
    #expect(plan.trials == 2 && Plan.controlMinimum == 20 && Plan.controlShare == 0.125)
    let log = Log()
    log.trialCost = 1.0 / 128
    log.controlCost = 1.0 / 256
    try scheduler(plan, log, answer: Self.controlCaught).run(observers: [log])
    // The cells' trials between one control trial and the next.
    var gaps: [Int] = []
    var cells = 0
    for record in log.records {
      if record.cell.isControl {
        gaps.append(cells)
        cells = 0
      } else {
        cells += 1
      }
    }
    // After each of the first 20 visits; then not until the cells' time makes 20/256 s an
    // eighth of it (40 visits of 2/128 s), and from there after every second visit.
    #expect(gaps.prefix(20) == ArraySlice(repeating: 2, count: 20))
    #expect(gaps.dropFirst(20).first == 40)
    #expect(gaps.count > 22 && gaps.dropFirst(21).allSatisfy { $0 == 4 })
    // So the control took no more than its share, but for the one trial that crossed it.
    let control = Double(gaps.count) / 256
    let measured = Double(gaps.reduce(0, +) + cells) / 128
    #expect(control <= Plan.controlShare * measured + 1.0 / 256)
  }

  @Test func aBudgetTooSmallForTheMinimumsIsRefusedBeforeTheRun() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock", "unprotected"]
    options.threads = [1, 2]
    options.seconds = 0.1
    options.timeBudget = 0.5
    options.warmup = 0
    // 4 cells x 2 trials of 0.1 s and 2 control trials, each with 1 ms of overhead: 1.01 s.
    #expect {
      try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    } throws: { error in
      guard
        case .timeBudgetTooSmall(let budget, _, let needed, let cells, let trials)? =
          error as? PlanError
      else { return false }
      return budget == 0.5 && cells == 4 && trials == 2 && abs(needed - 1.01) < 1e-9
    }
    options.timeBudget = 2
    let plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    // A resume that already spent most of it is refused the same way.
    #expect(throws: PlanError.self) { try plan.checkTimeBudget(completed: [], spent: 1.5) }
    try plan.checkTimeBudget(completed: [], spent: 0.5)
    // `--trials` beside the budget is the minimum.
    options.trials = 5
    options.timeBudget = 60
    #expect(try Plan(options: options, catalog: .forTests, suiteDirectories: []).trials == 5)
  }

  @Test func onlyProtectedCellsTrialsAreCapped() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock", "unprotected"]
    options.threads = [2]
    options.trials = 1
    options.ops = 10
    options.cap = 0.25
    options.warmup = 0
    options.seed = 1000
    let plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    let log = Log()
    try scheduler(plan, log, answer: Self.controlCaught).run(observers: [log])
    let deadlines = log.specs.map { (spec: TrialSpec) -> String in
      let deadline = spec.deadline.map { String($0) } ?? "none"
      return "\(spec.subject)/\(spec.wrapper): \(deadline)"
    }
    #expect(
      deadlines == [
        "test-wide-window-counter/lock: 0.25", "positive-control/unprotected: none",
        "test-wide-window-counter/unprotected: none", "positive-control/unprotected: none",
      ])
  }
}
