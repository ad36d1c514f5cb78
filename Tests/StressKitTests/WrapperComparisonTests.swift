import StressKit
import StressReports
import StressTestSupport
import Testing

/// Ranking wrappers per subject and condition, on crafted results.
@Suite struct WrapperComparisonTests {
  typealias F = ResultsFixtures

  /// Trials of `wrapper` at 2 threads with these throughputs (one failed trial if `fails`).
  func trials(
    _ wrapper: String, _ rates: [Double], fails: Bool = false, ratio: Double = 0.5,
    threads: Int = 2
  ) -> [TrialRecord] {
    var cell = F.cell(wrapper, threads: threads)
    cell.readRatio = ratio
    return rates.enumerated().map { F.trial(cell, $0.offset, opsPerSecond: $0.element) }
      + (fails ? [F.trial(cell, rates.count, outcome: .crash)] : [])
  }

  func compare(_ records: [TrialRecord]) -> [WrapperComparison.Condition] {
    WrapperComparison(CellStatistics.compute(records)).conditions
  }

  @Test func wrappersRankByMedianAgainstTheFastestCorrectProtectedOne() throws {
    let c = compare(
      trials("lock", [4e6, 4.1e6, 3.9e6, 4e6, 4.05e6, 3.95e6])
        + trials("rwlock", [8e6, 8.2e6, 7.8e6, 8e6, 8.1e6, 7.9e6])
        + trials("serial-queue", [1e5, 1.1e5, 0.9e5])
        + trials("mutex", [9.9e6, 10e6, 10.1e6], fails: true)
        + trials("unprotected", [2e7, 2e7, 2e7], fails: true))
    #expect(c.count == 1)
    let entries = c[0].entries
    // Correct ones fastest first; a failed wrapper is struck, however fast.
    #expect(entries.map(\.wrapper) == ["rwlock", "lock", "serial-queue", "unprotected", "mutex"])
    #expect(entries.map(\.failed) == [false, false, false, true, true])
    #expect(c[0].best?.wrapper == "rwlock")
    #expect(entries[0].ratioToBest == 1)
    #expect(entries[1].ratioToBest == 0.5)
    #expect(abs(try #require(entries[2].ratioToBest) - 1e5 / 8e6) < 1e-12)
    // Intervals far apart (6 trials each): distinguishable.
    #expect(entries[1].indistinguishable == false)
  }

  @Test func overlappingIntervalsAreIndistinguishableAndTooFewTrialsCannotTell() {
    let c = compare(
      trials("lock", [5e6, 6e6, 7e6]) + trials("mutex", [5.5e6, 6.5e6, 7.5e6])
        + trials("rwlock", [4e6, 5e6]))
    let byWrapper = Dictionary(uniqueKeysWithValues: c[0].entries.map { ($0.wrapper, $0) })
    #expect(c[0].best?.wrapper == "mutex")
    #expect(byWrapper["lock"]?.indistinguishable == true)
    // Two trials have no 99.9% interval: the comparison says it cannot tell.
    #expect(byWrapper["rwlock"]?.indistinguishable == nil)
  }

  @Test func eachReadMixIsItsOwnCondition() {
    let c = compare(
      trials("lock", [4e6, 4e6, 4e6]) + trials("rwlock", [3e6, 3e6, 3e6])
        + trials("lock", [4e6, 4e6, 4e6], ratio: 0.99)
        + trials("rwlock", [9e6, 9e6, 9e6], ratio: 0.99))
    #expect(c.map(\.readRatio) == [0.5, 0.99])
    #expect(c.map { $0.best?.wrapper } == ["lock", "rwlock"])
  }

  @Test func withNoCorrectProtectedWrapperThereIsNoReference() {
    let c = compare(trials("lock", [1e6], fails: true) + trials("unprotected", [2e6]))
    #expect(c[0].best == nil)
    #expect(c[0].entries.allSatisfy { $0.ratioToBest == nil })
    #expect(c[0].entries.map(\.wrapper) == ["unprotected", "lock"])
  }

  // MARK: - Recommendations

  /// Six tight trials around `median`.
  func steady(_ wrapper: String, _ median: Double, threads: Int, ratio: Double = 0.9)
    -> [TrialRecord]
  {
    trials(
      wrapper, [0.99, 1, 1.01, 1, 0.995, 1.005].map { $0 * median }, ratio: ratio,
      threads: threads)
  }

  func recommend(_ records: [TrialRecord]) -> [Recommendation] {
    WrapperComparison(CellStatistics.compute(records)).recommendations(mode: "default")
  }

  @Test func whereTheWinnerChangesASentenceSaysSoWithItsNumbersAndCommand() {
    let r = recommend(
      steady("lock", 6e6, threads: 2) + steady("rwlock", 3e6, threads: 2)
        + steady("lock", 5.9e6, threads: 8) + steady("rwlock", 9.4e6, threads: 8))
    // The value: who overtakes whom, where, with the medians; then its words.
    #expect(
      r.map(\.finding) == [
        .overtakes(
          Recommendation.Overtaking(
            winner: "rwlock", loser: "lock", before: 2, after: 8, winnerAfter: 9.4e6,
            loserAfter: 5.9e6, loserBefore: 6e6, winnerBefore: 3e6, outnumberedCores: nil))
      ])
    #expect(
      r.map(\.text) == [
        "rwlock beats lock from 8 threads at 90% reads: 9.4M against 5.9M ops/s; "
          + "at 2 threads lock led, 6.0M against 3.0M"
      ])
    #expect(
      r.map(\.command) == [
        "stress run --subjects s --wrappers lock,rwlock --threads 2,8 --read-ratio 0.9 --mode default"
      ])
  }

  @Test func aChangeAsThreadsOutnumberTheCoresSaysSo() {
    let records =
      steady("mutex", 6e6, threads: 2) + steady("lock", 3e6, threads: 2)
      + steady("mutex", 1e6, threads: 4) + steady("lock", 4e6, threads: 4)
    let comparison = WrapperComparison(CellStatistics.compute(records))
    #expect(
      comparison.recommendations(cores: 2).first?.text.hasPrefix(
        "lock beats mutex from 4 threads at 90% reads, once threads outnumber the 2 cores: ")
        == true)
    // Not across the cores: no such clause.
    #expect(
      comparison.recommendations(cores: 8).first?.text.hasPrefix(
        "lock beats mutex from 4 threads at 90% reads: ") == true)
  }

  @Test func oneWinnerEverywhereIsOneSentence() {
    let r = recommend(
      steady("lock", 6e6, threads: 1) + steady("mutex", 3e6, threads: 1)
        + steady("lock", 4e6, threads: 4) + steady("mutex", 1e6, threads: 4))
    #expect(r.count == 1)
    #expect(
      r.first?.text
        == "lock is the fastest correct wrapper at every thread count measured (1 to 4) at 90% "
        + "reads: 2x to 4x the next one")
  }

  @Test func noSentenceWhereTheNumbersDoNotSeparateTheWrappers() {
    // Overlapping intervals at 8 threads: no claim there, so no change of winner either.
    let noisy =
      trials("lock", [4e6, 9e6, 6e6], threads: 8) + trials("rwlock", [5e6, 8e6, 7e6], threads: 8)
    #expect(
      recommend(steady("lock", 6e6, threads: 2) + steady("rwlock", 3e6, threads: 2) + noisy).isEmpty
    )
    // A failed wrapper is never recommended, however fast.
    let r = recommend(
      steady("lock", 6e6, threads: 2) + steady("rwlock", 3e6, threads: 2)
        + steady("lock", 5e6, threads: 8) + steady("rwlock", 3e6, threads: 8)
        + trials("mutex", [9e6, 9e6, 9e6], fails: true, ratio: 0.9, threads: 8))
    #expect(r.map(\.text).allSatisfy { !$0.contains("mutex") })
  }
}
