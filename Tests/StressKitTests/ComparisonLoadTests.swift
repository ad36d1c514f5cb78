import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

/// `compare` reads the machine each trial recorded (issue 52, point 2): a side measured on a
/// machine loaded beyond the other's is not a regression, a positive control that slowed more
/// than the run explains the run, and a wrapper slower on a quiet machine is still found.
@Suite struct ComparisonLoadTests {
  typealias F = ResultsFixtures

  static let wrappers = [
    "unprotected", "lock", "serial-queue", "rw-barrier", "mutex", "rwlock", "semaphore", "actor",
  ]

  /// `count` cells of `wrapper`, 5 trials each at `level(i)` times 1M ops/s, each trial's run
  /// queue `queue` at its answer.
  func many(
    _ wrapper: String, cells count: Int, queue: Int, level: (Int) -> Double = { _ in 1 }
  ) -> [CellStatistics] {
    (0..<count).flatMap { i in
      let cell = F.cell(wrapper, subject: "s\(i)")
      return CellStatistics.compute(
        (0..<5).map { t in
          let jitter = 1 + 0.004 * Double((i * 7 + t * 3) % 11) - 0.02
          var record = F.trial(cell, t, opsPerSecond: 1e6 * level(i) * jitter)
          record.result.machine = MachineReading(
            workerCPUSeconds: 0.5, wallSeconds: 1, runQueue: queue + (t % 2), load: 1)
          return record
        })
    }
  }

  /// Eight wrappers of 30 cells; `slow` is `factor` as fast in the current run.
  func run(queue: Int, slow: String? = nil, factor: Double = 1) -> [CellStatistics] {
    Self.wrappers.flatMap { w in
      many(
        w, cells: 30, queue: queue, level: { i in w == slow ? factor : (i % 2 == 0 ? 0.97 : 1.03) })
    }
  }

  @Test func aWrapperSlowerOnAQuietMachineIsStillARegression() {
    let c = Comparison(
      baseline: run(queue: 1), current: run(queue: 1, slow: "actor", factor: 0.6), threshold: 0.1)
    #expect(c.groupRegressions.map(\.label) == ["wrapper actor"], "\(c.groups.map(\.what))")
    #expect(!c.passed)
  }

  @Test func aWrapperSlowerOnALoadedMachineIsTheMachines() throws {
    // A neighbour held a core through the whole current run: one more runnable task at every
    // trial's end, and the wrapper that hands work between threads 40% slower.
    let c = Comparison(
      baseline: run(queue: 1), current: run(queue: 2, slow: "actor", factor: 0.6), threshold: 0.1)
    #expect(c.groupRegressions.isEmpty && c.regressions.isEmpty, "\(c.groups.map(\.what))")
    #expect(c.passed)
    let actor = try #require(c.groups.first { $0.scope == .wrapper("actor") })
    #expect(actor.kind == .inconclusive && actor.machineLoaded)
    #expect(
      actor.what.contains(
        "but the machine was loaded during its cells (run queue 1.4 -> 2.4 at their trials' "
          + "ends, on average): the machine, not the code"), "\(actor.what)")
  }

  @Test func aCellSlowerOnALoadedMachineIsTheMachines() throws {
    let steady: (Int) -> Double = { _ in 1 }
    let quiet = Comparison(
      baseline: many("lock", cells: 1, queue: 1, level: steady),
      current: many("lock", cells: 1, queue: 1, level: { _ in 0.5 }), threshold: 0.1)
    #expect(quiet.regressions.count == 1)
    let loaded = Comparison(
      baseline: many("lock", cells: 1, queue: 1, level: steady),
      current: many("lock", cells: 1, queue: 3, level: { _ in 0.5 }), threshold: 0.1)
    #expect(loaded.regressions.isEmpty && loaded.passed)
    let cell = try #require(loaded.entries.first)
    #expect(cell.kind == .inconclusive)
    #expect(cell.what.contains("-50.0% ops/s"), "\(cell.what)")
    #expect(
      cell.what.contains("but the machine was loaded during these cells (run queue 1.4 -> 3.4"))
    // A baseline loaded beyond the current run is no excuse for a slowdown now.
    let busyBaseline = Comparison(
      baseline: many("lock", cells: 1, queue: 3, level: steady),
      current: many("lock", cells: 1, queue: 1, level: { _ in 0.5 }), threshold: 0.1)
    #expect(busyBaseline.regressions.count == 1)
  }

  /// Statistics of the positive control at 2 threads, five trials at `level` times a rate.
  func control(_ level: Double) -> [CellStatistics] {
    CellStatistics.compute(
      (0..<5).map { F.trial(.control(threads: 2), $0, opsPerSecond: 3e6 * level) })
  }

  @Test func aControlThatSlowedMoreThanTheRunExplainsIt() throws {
    // Every cell 16% slower and the control beside them 41% slower: the machine got slower.
    let baseline = many("lock", cells: 40, queue: 1) + control(1)
    let current = many("lock", cells: 40, queue: 1, level: { _ in 0.84 }) + control(0.59)
    let c = Comparison(baseline: baseline, current: current, threshold: 0.1)
    let run = try #require(c.groups.first { $0.scope == .run })
    #expect(run.kind == .change, "\(run.what)")
    #expect(
      run.what.contains(
        "the positive control beside it: 41.0% slower, slower than the run: as a whole, the "
          + "machine's speed, not the code's"), "\(run.what)")
    #expect(c.passed)
  }
}
