import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

/// What a trial counts towards, from one table: docs/reference.md's "What a trial counts
/// towards", `TrialResult.Standing`, and the digest's counts follow it alike (issue 50).
@Suite struct TrialStandingTests {
  typealias F = ResultsFixtures

  /// A trial of `outcome`, with its search's coverage and its histories' checks as given.
  static func result(_ outcome: Outcome, complete: Bool? = nil, unchecked: Bool = false)
    -> TrialResult
  {
    var result = TrialResult(outcome: outcome, failures: outcome == .ok ? 0 : 1, ops: 100)
    result.searchComplete = complete
    if unchecked { result.detail = "2 histories' \(TrialResult.uncheckedWords) their 5 s" }
    return result
  }

  @Test(arguments: [
    (result(.corrupt), TrialResult.Standing.failed),
    (result(.crash), .failed),
    (result(.hang, complete: true), .failed),
    (result(.ok), .passed),
    (result(.ok, complete: true), .searched),
    (result(.ok, complete: false), .cutShort),
    (result(.ok, unchecked: true), .unchecked),
    (result(.ok, complete: true, unchecked: true), .unchecked),
    (result(.error), .errored),
  ])
  func everyTrialHasOneStanding(result: TrialResult, standing: TrialResult.Standing) {
    #expect(result.standing == standing)
    #expect(result.counts == [.failed, .passed, .searched].contains(standing))
  }

  /// The reference's table names every standing, and no other.
  @Test func theReferenceTableNamesEveryStanding() throws {
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/reference.md")
    let reference = try String(contentsOf: file, encoding: .utf8)
    let section = try #require(
      reference.components(separatedBy: "**What a trial counts towards.**").last)
    let rows = section.split(separator: "\n").drop { !$0.hasPrefix("| standing") }.dropFirst(2)
      .prefix { $0.hasPrefix("| `") }
    let names = rows.map { $0.split(separator: "`")[1] }.map(String.init)
    #expect(names == TrialResult.Standing.allCases.map(\.rawValue))
  }

  /// A subject's verdict counts exactly the trials its table says: one trial of each standing
  /// at a thread count the control saw, and the bound rests on the passed and searched ones.
  @Test func theVerdictCountsWhatTheTableSays() {
    var cell = F.cell("unprotected")
    cell.strategy = .randomWalk
    let standings: [TrialResult] = [
      Self.result(.ok), Self.result(.ok, complete: true), Self.result(.ok, complete: false),
      Self.result(.ok, unchecked: true), Self.result(.error),
    ]
    let records = standings.enumerated().map { n, result in
      var record = F.trial(cell, n)
      record.result = result
      return record
    }
    let verdict = RunDigest(CellStatistics.compute(records)).verdicts[0]
    #expect(verdict.trials == 5 && verdict.failed == 0)
    #expect(verdict.poweredTrials == 2 && verdict.poweredOperations == 200)
    #expect(verdict.cutShortTrials == 1 && verdict.uncheckedTrials == 1)
    #expect(verdict.erroredTrials == 1)
    #expect(verdict.measured.contains("no failure seen in 2 trials"), "\(verdict.measured)")
    #expect(
      verdict.measured.contains(
        "not counted: 1 trial stopped at its deadline before running all its schedules"),
      "\(verdict.measured)")
    // Only trials that claim nothing: inconclusive, and it says why.
    let cut = RunDigest(CellStatistics.compute(Array(records[2...]))).verdicts[0]
    #expect(cut.inconclusive && cut.poweredTrials == 0, "\(cut.measured)")
    #expect(cut.measured.contains("1 trial stopped at its deadline"), "\(cut.measured)")
  }

  /// A replay that diverged is an error, which explored nothing: its verdict says it ended in
  /// error, not that the operations reached no scheduled primitive.
  @Test func aDivergedReplayIsAnErrorNotABlindExploration() {
    var cell = F.cell("unprotected")
    cell.strategy = .replay("2.1.0.01")
    var record = F.trial(cell, 0)
    record.result = TrialResult(outcome: .error, failures: 0, ops: 1)
    record.result.switchPoints = 0
    let verdict = RunDigest(CellStatistics.compute([record])).verdicts[0]
    #expect(!verdict.blindExploration && verdict.erroredTrials == 1, "\(verdict.measured)")
    #expect(verdict.measured.contains("1 trial ended in error"), "\(verdict.measured)")
  }

  /// A blind exploration says how many schedules it saw no primitive in, whether or not the
  /// positive control stood where it ran (a busy machine's control is often missed).
  @Test func aBlindExplorationCountsItsSchedulesWhereverTheControlStood() {
    let strategy = ScheduleStrategy.pct(depth: 2)
    var cell = F.cell("unprotected")
    cell.strategy = strategy
    var records = (0..<3).map { n in
      var record = F.trial(cell, n)
      record.result = TrialResult(outcome: .ok, failures: 0, ops: 40)
      record.result.switchPoints = 0
      return record
    }
    // The control, missed in every trial at the cell's thread count.
    records += (0..<3).map { F.trial(.control(threads: 2, strategy: strategy), $0) }
    let verdict = RunDigest(CellStatistics.compute(records)).verdicts[0]
    #expect(verdict.poweredTrials == 0 && verdict.blindExploration, "\(verdict.measured)")
    #expect(
      verdict.measured.hasPrefix(
        "inconclusive: the operations reached no scheduled primitive in 120 schedules"),
      "\(verdict.measured)")
  }
}
