import Foundation
import StressKit
import StressReports
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

  @Test func theSignTestAndTheCorrectionsMatchTheirDefinitions() {
    // All 5 one way: 2 of the 32 sign patterns are as extreme.
    #expect(abs(SignTest.pValue(down: 5, up: 0) - 2.0 / 32) < 1e-12)
    #expect(abs(SignTest.pValue(down: 0, up: 10) - 2.0 / 1024) < 1e-12)
    #expect(SignTest.pValue(down: 3, up: 3) == 1)
    #expect(SignTest.pValue(down: 0, up: 0) == 1)
    // The issue's example: 284 of 288 slower is far beyond 1e-60, and no underflow to 0.
    let p = SignTest.pValue(down: 284, up: 4)
    #expect(p < 1e-60 && p > 0)
    // Benjamini-Hochberg: sorted 0.005, 0.01, 0.03, 0.04 of 4 give 0.02, 0.02, 0.04, 0.04.
    let bh = MultipleComparisons.benjaminiHochberg([0.01, 0.04, 0.03, 0.005])
    #expect(zip(bh, [0.02, 0.04, 0.04, 0.02]).allSatisfy { abs($0 - $1) < 1e-12 })
    // Holm: 0.005 x 4, 0.01 x 3, 0.03 x 2 (then 0.04 x 1 is held up to 0.06).
    let holm = MultipleComparisons.holm([0.01, 0.04, 0.03, 0.005])
    #expect(zip(holm, [0.03, 0.06, 0.06, 0.02]).allSatisfy { abs($0 - $1) < 1e-12 })
  }

  /// `count` cells of `wrapper` (subjects s0, s1, ...), each with `trials` at `level` times
  /// a steady rate, jittered by the cell's index so no two cells tie.
  func many(
    _ wrapper: String, cells count: Int, trials: Int = 5, level: (Int) -> Double = { _ in 1 }
  ) -> [CellStatistics] {
    (0..<count).flatMap { i in
      let cell = F.cell(wrapper, subject: "s\(i)")
      return CellStatistics.compute(
        (0..<trials).map { t in
          let jitter = 1 + 0.004 * Double((i * 7 + t * 3) % 11) - 0.02
          return F.trial(cell, t, opsPerSecond: 1e6 * level(i) * jitter)
        })
    }
  }

  @Test func oneCellOfManyAtTheBestFiveTrialsCanGiveIsNotARegression() {
    // One lock cell of 300 halved with its 5 trials fully separated (p = 0.0079): chance
    // gives about 2 such cells of 300 a night, so after the correction it is not confirmed.
    let baseline = many("lock", cells: 300)
    let current = many("lock", cells: 300, level: { $0 == 7 ? 0.5 : 1 })
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.testedCells == 300)
    let halved = c.entries.first { $0.key.subject == "s7" }
    #expect(halved?.kind == .inconclusive)
    #expect(halved?.pValue.map { $0 < 0.01 } == true)
    #expect(halved?.adjustedPValue.map { $0 >= 0.01 } == true)
    #expect(halved?.what.contains("q = ") == true)
    #expect(c.passed)
  }

  @Test func aWholeRunSlowerWithTwoTrialsASideIsARegression() {
    // 2 trials a side can never confirm a cell, but 40 of 40 cells 30% slower is no chance.
    let baseline = many("lock", cells: 40, trials: 2)
    let current = many("lock", cells: 40, trials: 2, level: { _ in 0.7 })
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.regressions.isEmpty)
    #expect(c.entries.allSatisfy { $0.tooFewTrials })
    let run = c.groups.first { $0.scope == .run }
    #expect(run?.kind == .regression)
    #expect(run?.slower == 40)
    #expect(run.map { abs($0.change + 0.3) < 1e-9 } == true)
    #expect(
      run?.what.hasPrefix("30.0% slower: 40 of 40 cells slower, 0 faster, p = 1.8e-12") == true)
    #expect(!c.passed)
  }

  @Test func oneWrapperSlowerAcrossItsCellsIsFoundAndTheRunIsNot() {
    // Eight wrappers of 30 cells; mutex 25% slower everywhere, the rest noise either way.
    let wrappers = [
      "unprotected", "lock", "mutex", "rwlock", "semaphore", "actor", "serial-queue",
      "rw-barrier",
    ]
    let baseline = wrappers.flatMap { many($0, cells: 30) }
    let current = wrappers.flatMap { w in
      many(w, cells: 30, level: { i in w == "mutex" ? 0.75 : (i % 2 == 0 ? 0.97 : 1.03) })
    }
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    let regressed = c.groupRegressions.map(\.label)
    #expect(regressed == ["wrapper mutex"])
    #expect(c.groups.first { $0.scope == .run }?.kind == .unchanged)
  }

  @Test func aFamilyTooSmallToMeasureItsDispersionIsNotJudgedAndSaysWhy() {
    // Four wrappers of 8 cells, 2 trials a side: rw-barrier's cells 35% slower together, as a
    // wrapper's cells move when its worker lands on a busy stretch. Four groups cannot tell
    // that swing from a change, so no wrapper is judged, and the comparison says why.
    let wrappers = ["unprotected", "lock", "serial-queue", "rw-barrier"]
    let baseline = wrappers.flatMap { many($0, cells: 8, trials: 2) }
    let current = wrappers.flatMap { w in
      many(
        w, cells: 8, trials: 2,
        level: { i in w == "rw-barrier" ? 0.65 : (i % 2 == 0 ? 0.97 : 1.03) })
    }
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.groupRegressions.isEmpty, "\(c.groupRegressions.map(\.label))")
    let barrier = c.groups.first { $0.scope == .wrapper("rw-barrier") }
    #expect(barrier?.kind == .unchanged)
    #expect(barrier?.notJudged == Comparison.Group.TooFewInFamily(family: "wrappers", size: 4))
    #expect(
      barrier?.notJudgedText?.hasPrefix("4 wrappers are too few") == true,
      "\(barrier?.notJudgedText ?? "")")
    #expect(c.notJudged.count == 1)
    // Eight wrappers measure it: the same slowdown is found (`oneWrapperSlower...`).
  }

  @Test func noiseEitherWayRaisesNoGroup() {
    let baseline = many("lock", cells: 60, trials: 2)
    let current = many("lock", cells: 60, trials: 2, level: { $0 % 2 == 0 ? 0.8 : 1.25 })
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.groups.allSatisfy { $0.kind == .unchanged })
    #expect(c.passed)
  }

  @Test func theUnprotectedWrappersGroupIsAChangeNotARegression() {
    let wrappers = ["unprotected", "lock", "mutex", "rwlock", "semaphore"]
    let baseline = wrappers.flatMap { many($0, cells: 30, trials: 2) }
    let current = wrappers.flatMap { w in
      many(w, cells: 30, trials: 2, level: { _ in w == "unprotected" ? 0.5 : 1 })
    }
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    let unprotected = c.groups.first { $0.scope == .wrapper("unprotected") }
    #expect(unprotected?.kind == .change)
    #expect(unprotected.map { abs($0.change + 0.5) < 1e-9 } == true)
    // The whole run is still a regression: a fifth of it is half as fast, and nothing faster.
    #expect(c.groupRegressions.map(\.label) == ["the whole run"])
  }

  /// Statistics of the positive control at 2 threads, five trials at `level` times a rate.
  func control(_ level: Double) -> [CellStatistics] {
    CellStatistics.compute(
      steady.enumerated().map {
        F.trial(.control(threads: 2), $0.offset, opsPerSecond: $0.element * 3 * level)
      })
  }

  @Test func aWholeRunWhosePositiveControlSlowedAlikeIsTheMachinesNotARegression() {
    // Every cell 15% slower: with the control 14% slower beside them, the machine's speed;
    // with the control as fast as before, the code's.
    let baseline = many("lock", cells: 40, trials: 2) + control(1)
    let slower = many("lock", cells: 40, trials: 2, level: { _ in 0.85 })
    let machine = Comparison(
      baseline: baseline, current: slower + control(0.86), threshold: 0.1)
    let run = machine.groups.first { $0.scope == .run }
    #expect(run?.kind == .change)
    #expect(run?.machineChange.map { abs($0 + 0.14) < 1e-9 } == true)
    #expect(run?.what.contains("the positive control beside it: 14.0% slower") == true)
    #expect(
      run?.what.contains(
        "and the run 1.2% slower than it, within the threshold: as a whole, the machine's speed"
      ) == true)
    #expect(machine.passed)
    let code = Comparison(baseline: baseline, current: slower + control(1), threshold: 0.1)
    #expect(code.groups.first { $0.scope == .run }?.kind == .regression)
    #expect(code.machineChange == 0)
    #expect(!code.passed)
  }

  /// `subjects` x `wrappers` x 4 thread counts of cells, 10 trials each, every cell scattered
  /// by a pseudo-random factor (log-normal-like, about 15% wide) and then by `level`.
  func scattered(
    subjects: Int, wrappers: [String], seed: UInt64,
    level: (_ subject: Int, _ wrapper: String) -> Double = { _, _ in 1 }
  ) -> [CellStatistics] {
    var random = SplitMix64(seed: seed)
    func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
    var cells: [CellStatistics] = []
    for s in 0..<subjects {
      for w in wrappers {
        for threads in [1, 2, 4, 8] {
          // Sum of three uniforms: about normal, spread 0.15 on a log scale.
          let scatter = exp(0.15 * 2 * (uniform() + uniform() + uniform() - 1.5))
          let cell = F.cell(w, threads: threads, subject: "s\(s)")
          let trials = (0..<10).map { t in
            let jitter = 1 + 0.002 * Double(t % 5)
            return F.trial(cell, t, opsPerSecond: 1e6 * scatter * level(s, w) * jitter)
          }
          cells += CellStatistics.compute(trials)
        }
      }
    }
    return cells
  }

  static let eightWrappers = [
    "unprotected", "lock", "serial-queue", "rw-barrier", "mutex", "rwlock", "semaphore", "actor",
  ]

  @Test func aCellThatMovedNoMoreThanUnchangedCellsDoIsNotARegression() throws {
    // Two runs of one code: every cell scattered anew, as worker processes scatter them. The
    // trials of one side agree closely, so Mann-Whitney alone separates most moved cells.
    let w = Self.eightWrappers
    let baseline = scattered(subjects: 10, wrappers: w, seed: 1)
    let current = scattered(subjects: 10, wrappers: w, seed: 2)
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    let noise = try #require(c.noise)
    #expect(noise.cells == 320)
    #expect(noise.spread > 0.1 && noise.spread < 0.3)
    let separated = c.entries.filter { ($0.pValue ?? 1) < 1e-4 && abs($0.throughputChange!) > 0.1 }
    #expect(separated.count > 50)
    #expect(c.regressions.isEmpty)
    #expect(c.groupRegressions.isEmpty)
    #expect(separated.allSatisfy { $0.what.contains("noise widths from the run's median cell") })
  }

  @Test func aCellFarBeyondTheNoiseIsARegression() throws {
    let w = Self.eightWrappers
    let baseline = scattered(subjects: 10, wrappers: w, seed: 1)
    var current = scattered(subjects: 10, wrappers: w, seed: 2)
    let index = try #require(current.firstIndex { $0.cell.wrapper == "lock" })
    let cell = current[index].cell
    let slow = try #require(baseline[index].throughput?.p50) / 10
    current[index] =
      CellStatistics.compute(
        (0..<10).map { F.trial(cell, $0, opsPerSecond: slow * (1 + 0.002 * Double($0 % 5))) })[0]
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.regressions.map(\.key) == [CellKey(cell)])
    #expect(c.regressions.first?.noiseWidths.map { $0 < -5 } == true)
  }

  @Test func groupsThatMoveTogetherAsTheirProcessesDoAreNotRegressions() {
    // Each subject's cells ran in one worker over one stretch of load: all of a subject 20%
    // slower or faster, alternately. As independent cells they would stand out; against how
    // much every group moved, none does. A wrapper 25% slower beside them still does.
    let w = Self.eightWrappers
    let baseline = scattered(subjects: 10, wrappers: w, seed: 1)
    let current = scattered(
      subjects: 10, wrappers: w, seed: 2,
      level: { s, wrapper in (s % 2 == 0 ? 0.8 : 1.2) * (wrapper == "mutex" ? 0.75 : 1) })
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.groupRegressions.map(\.label) == ["wrapper mutex"])
    let mutex = c.groups.first { $0.scope == .wrapper("mutex") }
    #expect(mutex.map { $0.change < -0.15 } == true)
    #expect(mutex?.what.contains("than the run's median cell") == true)
  }

  @Test func studentsTMatchesItsTables() {
    // Two-sided 5% and 1% points: 2.306 and 3.355 at 8 degrees of freedom, 12.706 at 1;
    // with many, the normal's 1.960.
    let cases: [(t: Double, df: Int, p: Double)] = [
      (2.306, 8, 0.05), (3.355, 8, 0.01), (12.706, 1, 0.05), (1.960, 100_000, 0.05), (0, 5, 1),
    ]
    for (t, df, p) in cases {
      #expect(abs(StudentT.twoSidedP(t, degreesOfFreedom: df) - p) < 2e-4, "t \(t), df \(df)")
      #expect(abs(StudentT.twoSidedP(-t, degreesOfFreedom: df) - p) < 2e-4)
    }
    #expect(StudentT.twoSidedP(.infinity, degreesOfFreedom: 3) == 0)
    #expect(StudentT.twoSidedP(.nan, degreesOfFreedom: 3) == 1)
  }

  @Test func aSubjectIsJudgedAsOneDrawOfItsWorkerAndAWrapperAsManyAverage() throws {
    // Nine subjects, eight wrappers: subject s0's cells all 15% slower, as when its worker ran
    // on a slow stretch, and mutex's all 15% slower, as a slower wrapper is. Alike in scaled
    // widths, the subject is one draw of its worker's speed among nine (Student's t, 8
    // degrees); the wrapper averages every worker (normal). Only the wrapper is a regression.
    let w = Self.eightWrappers
    let baseline = scattered(subjects: 9, wrappers: w, seed: 1)
    let current = scattered(
      subjects: 9, wrappers: w, seed: 2,
      level: { s, wrapper in (s == 0 ? 0.85 : 1) * (wrapper == "mutex" ? 0.85 : 1) })
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    let subject = try #require(c.groups.first { $0.scope == .subject("s0") })
    let mutex = try #require(c.groups.first { $0.scope == .wrapper("mutex") })
    let z = try #require(subject.noiseWidths)
    // Far enough that a normal would confirm it across the 18 groups: the case that matters.
    #expect(Comparison.RunNoise.twoSidedP(z) * 18 < 0.01, "z \(z)")
    #expect(abs(subject.pValue - StudentT.twoSidedP(z, degreesOfFreedom: 8)) < 1e-12)
    #expect(subject.kind == .unchanged, "\(subject.what)")
    #expect(mutex.kind == .regression, "\(mutex.what)")
    #expect(c.groupRegressions.map(\.label) == ["wrapper mutex"])
  }

  @Test func aSlowerMachineMovesTheRunAndNoWrapper() {
    // Every cell 30% slower, mutex 25% more: the run and mutex alone.
    let w = Self.eightWrappers
    let baseline = scattered(subjects: 10, wrappers: w, seed: 1)
    let current = scattered(
      subjects: 10, wrappers: w, seed: 1, level: { _, wrapper in wrapper == "mutex" ? 0.525 : 0.7 }
    )
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    #expect(c.groupRegressions.map(\.label) == ["the whole run", "wrapper mutex"])
    #expect(c.noise.map { abs(exp($0.center) - 0.7) < 1e-5 } == true)
  }
}
