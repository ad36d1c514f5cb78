import StressKit
import StressTestSupport
import Testing

/// How a baseline and a current run are judged, cell by cell.
@Suite struct ComparisonTests {
  typealias F = ResultsFixtures

  @Test func mannWhitneyMatchesItsTables() {
    // Complete separation of 5 and 5: 2 of the 252 orderings are as extreme.
    #expect(abs(MannWhitney.pValue([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]) - 2.0 / 252) < 1e-12)
    #expect(abs(MannWhitney.smallestPValue(4, 4) - 2.0 / 70) < 1e-12)
    #expect(MannWhitney.smallestPValue(2, 2) > 0.3)
    // Interleaved samples: no evidence of a shift.
    #expect(MannWhitney.pValue([1, 3, 5, 7], [2, 4, 6, 8]) > 0.5)
    // Large samples take the normal approximation; a clear shift is still significant.
    let a = (0..<40).map { Double($0) }
    #expect(MannWhitney.pValue(a, a.map { $0 + 30 }) < 1e-6)
    #expect(MannWhitney.pValue(a, a.map { $0 + 0.5 }) > 0.5)
    // Ties use midranks; ties within one sample leave the exact count exact.
    #expect(MannWhitney.pValue([1, 1, 1], [1, 1, 1]) == 1)
    #expect(abs(MannWhitney.pValue([1, 1, 3, 4, 5], [6, 7, 8, 9, 10]) - 2.0 / 252) < 1e-12)
  }

  /// Statistics of five trials of `wrapper` at these throughputs.
  func cells(_ wrapper: String, _ rates: [Double], outcome: Outcome = .ok) -> [CellStatistics] {
    let cell = F.cell(wrapper)
    return CellStatistics.compute(
      rates.enumerated().map {
        F.trial(cell, $0.offset, opsPerSecond: $0.element, outcome: outcome)
      })
  }

  let steady: [Double] = [1.00e6, 1.02e6, 0.98e6, 1.01e6, 0.99e6]

  @Test func theSameRunHasNoRegression() {
    let c = Comparison(
      baseline: cells("lock", steady), current: cells("lock", steady), threshold: 0.1)
    #expect(c.regressions.isEmpty)
    #expect(c.entries.map(\.kind) == [.unchanged])
  }

  @Test func thePositiveControlIsNotCompared() {
    let control = { (rates: [Double]) in
      CellStatistics.compute(
        rates.enumerated().map {
          F.trial(.control(threads: 2), $0.offset, opsPerSecond: $0.element)
        })
    }
    let c = Comparison(
      baseline: cells("lock", steady) + control(steady),
      current: cells("lock", steady) + control(steady.map { $0 / 3 }), threshold: 0.1)
    #expect(c.entries.map(\.key.subject) == ["s"])
  }

  @Test func noiseWithinTheThresholdIsNoChange() {
    let c = Comparison(
      baseline: cells("lock", steady), current: cells("lock", steady.map { $0 * 0.95 }),
      threshold: 0.1)
    #expect(c.entries.map(\.kind) == [.unchanged])
  }

  @Test func halvedThroughputOfAProtectedWrapperIsARegression() {
    let c = Comparison(
      baseline: cells("lock", steady), current: cells("lock", steady.map { $0 / 2 }),
      threshold: 0.1)
    #expect(c.regressions.count == 1)
    #expect(c.regressions.first?.throughputChange.map { abs($0 + 0.5) < 1e-9 } == true)
    #expect(c.regressions.first?.what.contains("-50.0% ops/s") == true)
  }

  @Test func aChangeTheTrialsCannotConfirmIsInconclusive() {
    let few = Comparison(
      baseline: cells("lock", Array(steady.prefix(3))),
      current: cells("lock", Array(steady.prefix(3)).map { $0 / 2 }), threshold: 0.1)
    #expect(few.entries.map(\.kind) == [.inconclusive])
    #expect(few.entries.first?.what.contains("3 and 3 trials cannot reach p < 0.01") == true)
    // Overlapping trials: the medians moved, the trials did not separate.
    let noisy = Comparison(
      baseline: cells("lock", [1e6, 2e6, 0.5e6, 1.5e6, 0.8e6]),
      current: cells("lock", [0.7e6, 1.9e6, 0.4e6, 1.4e6, 0.6e6]), threshold: 0.1)
    #expect(noisy.entries.map(\.kind) == [.inconclusive])
  }

  @Test func aProtectedFailureIsARegression() {
    let c = Comparison(
      baseline: cells("lock", steady), current: cells("lock", steady, outcome: .corrupt),
      threshold: 0.1)
    #expect(c.regressions.count == 1)
    #expect(c.regressions.first?.what.hasPrefix("fails: corrupt 5/5 (baseline: ok 5/5)") == true)
  }

  @Test func anUnprotectedVerdictChangeIsReportedNotFailed() {
    let c = Comparison(
      baseline: cells("unprotected", steady),
      current: cells("unprotected", steady, outcome: .corrupt),
      threshold: 0.1)
    #expect(c.regressions.isEmpty)
    #expect(c.entries.first?.kind == .change)
    #expect(c.entries.first?.what.contains("now fails") == true)
    let back = Comparison(
      baseline: cells("unprotected", steady, outcome: .corrupt),
      current: cells("unprotected", steady),
      threshold: 0.1)
    #expect(back.entries.first?.what.contains("no longer fails") == true)
  }

  @Test func cellsInOnlyOneRunAreChanges() {
    let c = Comparison(
      baseline: cells("lock", steady), current: cells("mutex", steady), threshold: 0.1)
    #expect(c.regressions.isEmpty)
    #expect(Set(c.entries.map(\.what)) == ["not in the current run", "new: not in the baseline"])
  }
}
