import StressKit
import StressTestSupport
import Testing

/// Documented versus measured, with the rule of three when nothing failed.
@Suite struct VerdictTests {
  typealias F = ResultsFixtures

  func verdicts(_ records: [TrialRecord]) -> [Verdict] {
    Verdict.from(CellStatistics.compute(records))
  }

  @Test func noFailureGivesTheRuleOfThreeBound() {
    let cell = F.cell("unprotected")
    let v = verdicts((0..<60).map { F.trial(cell, $0) })
    #expect(v.count == 1)
    #expect(v[0].upperBound95 == 0.05)
    #expect(v[0].measured == "no failure seen in 60 trials (failure rate < 5% per trial, 95%)")
  }

  @Test func failuresAreCountedByKindAndSingleThreadsAndLocksLeftOut() {
    let two = F.cell("unprotected")
    let one = F.cell("unprotected", threads: 1)
    let lock = F.cell("lock")
    let v = verdicts(
      [F.trial(two, 0, outcome: .crash), F.trial(two, 1, outcome: .corrupt), F.trial(two, 2)]
        + [F.trial(one, 0, outcome: .crash), F.trial(lock, 0, outcome: .crash)])
    #expect(v.count == 1)
    #expect(v[0].trials == 3)
    #expect(v[0].failed == 2)
    #expect(v[0].upperBound95 == nil)
    #expect(v[0].measured == "unsafe: 2 of 3 trials failed (crash 1, corrupt 1)")
  }

  @Test func disagreementsGoBothWays() {
    var safe = F.cell("unprotected")
    safe.documented = .safe
    var unsafe = F.cell("unprotected", subject: "t")
    unsafe.documented = .unsafe
    let v = verdicts([F.trial(safe, 0, outcome: .crash), F.trial(unsafe, 0)])
    #expect(
      v.map(\.disagreement) == [
        "documented safe, but failed here", "documented unsafe, but no failure reproduced here",
      ])
  }

  @Test func theVerdictCarriesTheTypesSendability() {
    var cell = F.cell("unprotected")
    cell.sendable = false
    #expect(verdicts([F.trial(cell, 0)]).map(\.sendableText) == ["no"])
    cell.sendable = nil
    #expect(verdicts([F.trial(cell, 0)]).map(\.sendableText) == ["?"])
  }
}
