import Foundation
import StressKit
import StressReports
import Testing

@testable import StressCLI

@Suite struct RunCommandTests {
  @Test func aStoppedRunSaysHowFarItGotAsItsBudgetCountsTrials() {
    #expect(RunCommand.trialsDone(3, of: 6, budgeted: false) == "3 of 6 trials done")
    #expect(
      RunCommand.trialsDone(169, of: 16, budgeted: true)
        == "169 trials done (the time budget plans at least 16)")
    // A resume past its budget says the budget is spent, and no duration reads as 0.
    let spent = PlanError.timeBudgetTooSmall(
      budget: 30, spent: 31, needed: 0.04, cells: 2, trials: 3)
    #expect(
      MessageInfo(spent, usage: "").message
        == "A time budget of 30s is already spent: the run used 31s before the resume. Give a "
        + "longer budget.")
    #expect(Budget.durationText(0.04) == "0.04s" && Budget.durationText(0.4) == "0.4s")
  }

  func record(_ outcome: Outcome, protected: Bool, harness: Bool = false) -> TrialRecord {
    let cell = Cell(
      subject: "s", wrapper: protected ? "lock" : "unprotected", threads: 2, readRatio: 0.5,
      documented: .notListed, isProtected: protected)
    var result = TrialResult(outcome: outcome)
    result.harnessFault = harness
    return TrialRecord(cell: cell, trial: 0, seed: 0, result: result)
  }

  func exitCode(_ records: TrialRecord...) -> ExitCode {
    RunCommand.exitCode(for: RunDigest(CellStatistics.compute(records)).grade)
  }

  @Test func exitCodeSaysWhoFailed() {
    #expect(exitCode(record(.ok, protected: true)) == .success)
    #expect(exitCode(record(.crash, protected: false)) == .success)
    #expect(exitCode(record(.hang, protected: false)) == .success)
    #expect(exitCode(record(.corrupt, protected: true)) == .failure)
    #expect(exitCode(record(.error, protected: false)) == .failure)
    #expect(
      exitCode(record(.corrupt, protected: true), record(.error, protected: false, harness: true))
        == .harness)
  }

  @Test func defaultPathNeverOverwritesAnEarlierRun() {
    let plan = Plan(
      startedAt: Date(timeIntervalSince1970: 1_800_000_000), suite: "collections", mode: .quick,
      cells: [], trials: 1, bound: .ops(1), seed: 0, timeout: 1)
    #expect(
      OutputPaths.defaultResults(for: plan) { _ in false }
        == "Results/collections-20270115T080000Z.csv"
    )
    let taken: Set = [
      "Results/collections-20270115T080000Z.csv", "Results/collections-20270115T080000Z-2.csv",
    ]
    #expect(
      OutputPaths.defaultResults(for: plan) { taken.contains($0) }
        == "Results/collections-20270115T080000Z-3.csv")
  }
}
