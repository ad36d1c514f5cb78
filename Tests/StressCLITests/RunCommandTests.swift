import Foundation
import StressKit
import Testing

@testable import StressCLI

@Suite struct RunCommandTests {
  func record(_ outcome: Outcome, protected: Bool, harness: Bool = false) -> TrialRecord {
    let cell = Cell(
      subject: "s", wrapper: protected ? "lock" : "unprotected", threads: 2, readRatio: 0.5,
      documented: .notListed, isProtected: protected)
    var result = TrialResult(outcome: outcome)
    result.harnessFault = harness
    return TrialRecord(cell: cell, trial: 0, seed: 0, result: result)
  }

  @Test func exitCodeSaysWhoFailed() {
    #expect(RunCommand.exitCode(for: [record(.ok, protected: true)]) == .success)
    #expect(RunCommand.exitCode(for: [record(.crash, protected: false)]) == .success)
    #expect(RunCommand.exitCode(for: [record(.hang, protected: false)]) == .success)
    #expect(RunCommand.exitCode(for: [record(.corrupt, protected: true)]) == .failure)
    #expect(RunCommand.exitCode(for: [record(.error, protected: false)]) == .failure)
    #expect(
      RunCommand.exitCode(for: [
        record(.corrupt, protected: true), record(.error, protected: false, harness: true),
      ])
        == .harness)
  }

  @Test func defaultPathNeverOverwritesAnEarlierRun() {
    let plan = Plan(
      startedAt: Date(timeIntervalSince1970: 1_800_000_000), suite: "collections", mode: .quick,
      cells: [], trials: 1, bound: .ops(1), seed: 0, timeout: 1)
    #expect(
      RunCommand.defaultPath(for: plan) { _ in false } == "Results/collections-20270115T080000Z.csv"
    )
    let taken: Set = [
      "Results/collections-20270115T080000Z.csv", "Results/collections-20270115T080000Z-2.csv",
    ]
    #expect(
      RunCommand.defaultPath(for: plan) { taken.contains($0) }
        == "Results/collections-20270115T080000Z-3.csv")
  }

  @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    #expect(RunSummary.median([1, 2, 3]) == 2)
    #expect(RunSummary.median([1, 2, 4, 10]) == 3)
    #expect(RunSummary.median([5]) == 5)
  }
}
