import StressReports
import StressTestSupport
import Testing

@testable import StressKit
@testable import StressKitPlan

@Suite struct StatisticsTests {
  @Test func percentilesInterpolateBetweenOrderStatistics() throws {
    let p = try #require(Percentiles([5, 1, 4, 2, 3]))
    #expect(p.p0 == 1 && p.p25 == 2 && p.p50 == 3 && p.p75 == 4 && p.p100 == 5)
    #expect(abs(p.p90 - 4.6) < 1e-9)
    #expect(Percentiles([7])?.p90 == 7)
    #expect(Percentiles([]) == nil)
  }

  @Test func studentTQuantilesForA999Interval() {
    #expect(CellStatistics.t999(degrees: 2) == 31.599)
    #expect(CellStatistics.t999(degrees: 30) == 3.646)
    #expect(CellStatistics.t999(degrees: 35) == 3.646)
    #expect(CellStatistics.t999(degrees: 10_000) == 3.373)
  }

  @Test func aSampleKeepsEveryValueUpToItsCapacityThenAUniformReservoirWithExactMoments() throws {
    var small = BoundedSample(capacity: 8)
    for v in [3.0, 1, 2] { small.add(v) }
    #expect(small.kept == [3, 1, 2] && small.isComplete)
    #expect(small.mean == 2 && small.variance == 1)
    var big = BoundedSample(capacity: 100)
    var again = BoundedSample(capacity: 100)
    for i in 1...10_000 {
      big.add(Double(i))
      again.add(Double(i))
    }
    #expect(big.count == 10_000 && big.kept.count == 100 && !big.isComplete)
    #expect(big.kept == again.kept, "the reservoir's choices are seeded, not random")
    let p = try #require(big.percentiles)
    #expect(p.p0 == 1 && p.p100 == 10_000, "the extremes are exact")
    #expect(abs(p.p50 - 5_000) < 1_500, "the reservoir is a uniform sample: \(p.p50)")
    #expect(big.mean == 5_000.5)
    // 1...n: variance n(n+1)/12.
    let variance = try #require(big.variance)
    #expect(abs(variance - 10_000.0 * 10_001 / 12) < 1e-6 * variance)
  }

  @Test func aCellsMemoryIsBoundedHoweverManyTrialsItFolds() throws {
    var stats = CellStatistics(cell: record("s", "lock", threads: 2, .ok, rate: 1).cell)
    let n = BoundedSample.defaultCapacity * 3
    for i in 0..<n {
      stats.add(
        record("s", "lock", threads: 2, i % 2 == 0 ? .ok : .corrupt, rate: Double(i + 1), ttf: 1))
    }
    #expect(stats.trials == n)
    #expect(stats.rates.count == BoundedSample.defaultCapacity)
    #expect(stats.throughputs.count == n)
    #expect(stats.mean == Double(n + 1) / 2)
    #expect(stats.throughput?.p100 == Double(n))
    #expect(stats.confidence999 != nil)
  }

  func record(
    _ subject: String, _ wrapper: String, threads: Int, _ outcome: Outcome, rate: Double?,
    ttf: Double? = nil, ratio: Double = 0.5
  ) -> TrialRecord {
    let cell = Cell(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: ratio,
      documented: .notListed, isProtected: wrapper != "unprotected")
    var result = TrialResult(
      outcome: outcome, ops: rate.map { Int($0) }, seconds: rate.map { _ in 1 })
    result.timeToFailureMs = ttf
    return TrialRecord(cell: cell, trial: 0, seed: 0, result: result)
  }

  @Test func cellStatisticsAddUpTrials() throws {
    let records = [
      record("s", "unprotected", threads: 1, .ok, rate: 100),
      record("s", "unprotected", threads: 1, .ok, rate: 100),
      record("s", "lock", threads: 1, .ok, rate: 40),
      record("s", "lock", threads: 1, .ok, rate: 50),
      record("s", "lock", threads: 1, .ok, rate: 60),
      record("s", "lock", threads: 2, .ok, rate: 20),
      record("s", "lock", threads: 2, .ok, rate: 30),
      record("s", "unprotected", threads: 2, .crash, rate: nil, ttf: 4),
      record("s", "unprotected", threads: 2, .corrupt, rate: 80, ttf: 2),
    ]
    let stats = CellStatistics.compute(records)
    #expect(stats.count == 4)
    let lock1 = try #require(stats.first { $0.cell.wrapper == "lock" && $0.cell.threads == 1 })
    #expect(lock1.throughput?.p50 == 50)
    #expect(lock1.costVersusUnprotected == 2)
    #expect(lock1.scaling == 1)
    // Three finished trials: mean 50, s = 10, half-width t(2) * 10 / sqrt(3).
    let half = 31.599 * 10 / 3.0.squareRoot()
    #expect(abs(try #require(lock1.confidence999).upperBound - (50 + half)) < 1e-6)
    let lock2 = try #require(stats.first { $0.cell.wrapper == "lock" && $0.cell.threads == 2 })
    #expect(lock2.scaling == 0.5)
    #expect(lock2.confidence999 == nil)
    let bare2 = try #require(
      stats.first { $0.cell.wrapper == "unprotected" && $0.cell.threads == 2 })
    #expect(bare2.detectionRate == 1)
    #expect(bare2.counts[.crash] == 1 && bare2.counts[.corrupt] == 1)
    #expect(bare2.medianTimeToFailureMs == 3)
    #expect(bare2.throughput?.p50 == 80)
  }

  @Test func scalingAndCostCompareWithinOneReadMix() throws {
    let stats = CellStatistics.compute([
      record("s", "unprotected", threads: 1, .ok, rate: 100, ratio: 0.5),
      record("s", "unprotected", threads: 1, .ok, rate: 400, ratio: 0.99),
      record("s", "lock", threads: 1, .ok, rate: 50, ratio: 0.5),
      record("s", "lock", threads: 1, .ok, rate: 100, ratio: 0.99),
      record("s", "lock", threads: 2, .ok, rate: 200, ratio: 0.99),
    ])
    let lock = { (ratio: Double, threads: Int) in
      stats.first {
        $0.cell.wrapper == "lock" && $0.cell.readRatio == ratio && $0.cell.threads == threads
      }
    }
    #expect(try #require(lock(0.5, 1)).costVersusUnprotected == 2)
    #expect(try #require(lock(0.99, 1)).costVersusUnprotected == 4)
    #expect(try #require(lock(0.99, 2)).scaling == 2)
  }

  @Test func failingTrialsAreSampledApartFromFindings() {
    let cell = ResultsFixtures.cell("unprotected")
    let records =
      (0..<12).map { ResultsFixtures.trial(cell, $0, outcome: .corrupt) }
      + [ResultsFixtures.trial(cell, 12, outcome: .error)]
    let s = CellStatistics(cell: cell, records: records)
    #expect(s.failureSamples.count == CellStatistics.sampleLimit)
    #expect(s.failingTrials == 1)
    #expect(s.failingSamples.map(\.trial) == [12])
  }

  @Test func aZeroMedianIsNoReferenceForRatios() {
    let one = ResultsFixtures.cell("unprotected", threads: 1)
    let two = ResultsFixtures.cell("unprotected")
    let stats = CellStatistics.compute([
      ResultsFixtures.trial(one, 0, opsPerSecond: 0), ResultsFixtures.trial(two, 0),
    ])
    #expect(stats[1].scaling == nil)
    #expect(stats[0].costVersusUnprotected == nil)
    #expect(!SummaryDocument(RunDigest(stats)).json().contains("inf"))
  }

  @Test func groupsKeepFirstSeenOrder() {
    let groups = ["b1", "a1", "b2", "c1", "a2"].groupedInOrder { $0.first! }
    #expect(groups.map(\.key) == ["b", "a", "c"])
    #expect(groups.map(\.elements) == [["b1", "b2"], ["a1", "a2"], ["c1"]])
  }
}
