import Foundation
import StressTestSupport
import Testing

@testable import StressKit

/// Time budgets: durations as typed, a suite's default budget, and how the planner weighs
/// what is left to settle.
@Suite struct BudgetTests {
  typealias F = ResultsFixtures

  @Test(arguments: [
    ("90s", 90.0), ("20m", 1200), ("1h", 3600), ("1h30m", 5400), ("1.5h", 5400), ("45", 45),
    ("2m30s", 150),
  ])
  func durationsAsTyped(text: String, seconds: Double) {
    #expect(Budget.duration(text) == seconds)
  }

  @Test(arguments: ["", "m", "1x", "1m1m", "-5s", "5 s", "1h-", "s5", "inf"])
  func notDurations(text: String) {
    #expect(Budget.duration(text) == nil)
  }

  @Test func aSuiteStatesADefaultBudgetAndItsMinimum() throws {
    let suite = try Suite.parse(
      Data(
        """
        {"subjects": ["counter"], "budgets": {"default": {"time_budget": "20m", "min_trials": 3},
         "tough": {"time_budget": 600}}}
        """.utf8), name: "t", source: "t.json")
    #expect(suite.budgets[.default] == Budget(timeBudget: 1200, minTrials: 3))
    #expect(suite.budgets[.tough] == Budget(timeBudget: 600))
    #expect(throws: PlanError.self) {
      try Suite.parse(
        Data(#"{"subjects": ["c"], "budgets": {"quick": {"time_budget": "soon"}}}"#.utf8),
        name: "t", source: "t.json")
    }
  }

  @Test func theSuitesBudgetAppliesUnlessTrialsAloneAreAskedFor() throws {
    let dir = try TestDirectory.make("stress-budget")
    try
      #"{"subjects": ["test-wide-window-counter"], "budgets": {"default": {"time_budget": "1m", "min_trials": 3}}}"#
      .write(to: dir.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
    var options = RunOptions()
    options.suite = "b"
    options.wrappers = ["lock"]
    options.threads = [2]
    var plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [dir.path])
    #expect(plan.timeBudget == 60 && plan.trials == 3)
    // `--trials` alone: exactly that many, no budget.
    options.trials = 4
    plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [dir.path])
    #expect(plan.timeBudget == nil && plan.trials == 4)
    // With `--time-budget` too, it is the minimum.
    options.timeBudget = 30
    plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [dir.path])
    #expect(plan.timeBudget == 30 && plan.trials == 4)
  }

  /// Resolution is pure once the suite is read: a suite parsed in memory plans what the same
  /// suite read from its file plans (the file's path aside), and no directory is searched.
  @Test func aPlanResolvesFromASuiteInMemoryAsFromItsFile() throws {
    let json =
      #"{"subjects": ["test-wide-window-counter"], "wrappers": ["lock", "unprotected"], "threads": [1, 2], "budgets": {"quick": {"trials": 3, "ops": 500, "timeout": 4}}}"#
    let dir = try TestDirectory.make("stress-pure-plan")
    try json.write(to: dir.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    var options = RunOptions()
    options.suite = "p"
    options.mode = .quick
    options.seed = 7
    let fromFile = try Plan(options: options, catalog: .forTests, suiteDirectories: [dir.path])
    let suite = try Suite.parse(Data(json.utf8), name: "p", source: "p.json")
    var inMemory = try Plan(options: options, suite: suite, catalog: .forTests)
    #expect(inMemory.suitePath == nil && fromFile.suitePath != nil)
    inMemory.suitePath = fromFile.suitePath
    #expect(inMemory.cells == fromFile.cells && inMemory.cells.count == 4)
    #expect(inMemory.trials == 3 && inMemory.bound == fromFile.bound)
    #expect(inMemory.timeout == fromFile.timeout && inMemory.fingerprint == fromFile.fingerprint)
  }

  @Test func theLeastSettledIsTheOpenVerdictOrTheWidestInterval() {
    func stats(_ wrapper: String, _ rates: [Double], failed: Int = 0) -> CellStatistics {
      let cell = F.cell(wrapper)
      let records =
        rates.enumerated().map { F.trial(cell, $0.offset, opsPerSecond: $0.element) }
        + (0..<failed).map { F.trial(cell, rates.count + $0, outcome: .crash) }
      return CellStatistics(cell: cell, records: records)
    }
    // An open verdict: 3/n.
    #expect(BudgetPlanner.unsettled(stats("unprotected", [1e6, 1e6, 1e6, 1e6])) == 0.75)
    // A failure settles it.
    #expect(BudgetPlanner.unsettled(stats("unprotected", [1e6], failed: 1)) == nil)
    // Throughput: wide open before 3 rates, then the interval's half-width over the mean.
    #expect(BudgetPlanner.unsettled(stats("lock", [1e6, 2e6])) == 1)
    #expect(BudgetPlanner.unsettled(stats("lock", [1e6, 1e6, 1e6])) == nil)
    // Trials of one visit are one moment of the machine: wide open until a second visit.
    #expect(BudgetPlanner.unsettled(stats("lock", [1e6, 1e6, 1e6]), visits: 1) == 1)
    let spread = stats("lock", [1e6, 1.1e6, 0.9e6, 1e6])
    let expected = (spread.confidence999!.upperBound - spread.mean!) / spread.mean!
    #expect(BudgetPlanner.unsettled(spread) == expected)
    // The planner takes the least settled whose visit fits, the earliest on a tie.
    let cells = [stats("lock", [1e6, 2e6]), stats("unprotected", [1e6, 1e6]), spread]
    #expect(BudgetPlanner.next(cells, remaining: 1) { _ in 0.5 } == 1)
    #expect(BudgetPlanner.next(cells, remaining: 1) { $0 == 1 ? 2 : 0.5 } == 0)
    #expect(BudgetPlanner.next(cells, remaining: 0.1) { _ in 0.5 } == nil)
    // A cell seen once comes before any seen twice, however wide the twice-seen one's
    // interval: a noisy cell must not take the budget before the others' second look.
    let noisy = stats("lock", [1e6, 5e6, 0.2e6, 3e6, 0.5e6, 4e6])
    #expect(BudgetPlanner.unsettled(noisy)! > 1)
    let steady = stats("lock", [1e6, 1e6, 1e6])
    #expect(BudgetPlanner.next([noisy, steady], visits: [2, 1], remaining: 1) { _ in 0.5 } == 1)
    #expect(BudgetPlanner.next([noisy, steady], visits: [2, 2], remaining: 1) { _ in 0.5 } == 0)
  }

  // MARK: - The cap on protected cells' trials

  @Test func quickModeCapsProtectedTrialsUntilTheBoundIsGivenAgain() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock", "unprotected"]
    options.threads = [2]
    options.mode = .quick
    #expect(try Plan(options: options, catalog: .forTests, suiteDirectories: []).cap == 0.005)
    // An ops budget given on the command line replaces the preset's, cap and all...
    options.ops = 50_000
    #expect(try Plan(options: options, catalog: .forTests, suiteDirectories: []).cap == nil)
    // ...unless the cap is given too.
    options.cap = 0.5
    let plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    #expect(plan.cap == 0.5)
    // A duration has no operations to cut short.
    options.ops = nil
    options.seconds = 0.1
    #expect(throws: PlanError.capNeedsOps) {
      try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    }
    // The default mode is bounded by time: no cap.
    var everyday = RunOptions()
    everyday.subjects = ["test-wide-window-counter"]
    #expect(try Plan(options: everyday, catalog: .forTests, suiteDirectories: []).cap == nil)
    // The CSV records it as the ops-bound row's seconds_limit.
    let row = ResultRow(
      ResultColumns.row(F.trial(plan.cells[0], 0), plan: plan, environment: .current))
    #expect(row["ops_limit"] == "50000")
    #expect(row["seconds_limit"] == "0.5")
  }

  @Test func aSuiteMayCapItsOpsBoundTrialsButNotItsTimedOnes() throws {
    let suite = try Suite.parse(
      Data(#"{"subjects": ["c"], "budgets": {"quick": {"ops": 100, "cap": 0.01}}}"#.utf8),
      name: "t", source: "t.json")
    #expect(suite.budgets[.quick] == Budget(ops: 100, cap: 0.01))
    #expect(throws: PlanError.self) {
      try Suite.parse(
        Data(#"{"subjects": ["c"], "budgets": {"quick": {"seconds": 1, "cap": 0.01}}}"#.utf8),
        name: "t", source: "t.json")
    }
  }
}
