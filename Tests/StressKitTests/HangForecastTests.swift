import Foundation
import StressPlatform
import Testing

@testable import StressKit
@testable import StressKitRun

/// An unprotected trial's wait for a hang, cut to what one thread of its subject predicts.
@Suite struct HangForecastTests {
  func spec(_ subject: String = "swift-set", _ wrapper: String = "unprotected", threads: Int = 2)
    -> TrialSpec
  {
    TrialSpec(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: 0.5, bound: .ops(1_000),
      seed: 1)
  }

  @Test func withNothingTimedATrialWaitsItsWholeTimeout() {
    #expect(HangForecast().deadline(for: spec(), timeout: 5) == 5)
  }

  /// A cheap subject: 1 µs an operation, 2,500 operations with the sanity pass's, 50 times
  /// over is an eighth of a second; the floors hold, on the clock and in CPU time.
  @Test func aCheapSubjectsTrialWaitsTheFloor() {
    let forecast = HangForecast()
    forecast.learn(spec(threads: 1), ops: 500, seconds: 0.000_5)
    #expect(forecast.deadline(for: spec(), timeout: 5) == HangForecast.floor)
    #expect(HangForecast.floor == 3)
    #expect(forecast.cpuDeadline(for: spec()) == HangForecast.cpuFloor)
    #expect(HangForecast.cpuFloor == 0.5)
    // Another subject, or the same one protected, has learned nothing.
    #expect(forecast.deadline(for: spec("swift-array"), timeout: 5) == 5)
    #expect(forecast.deadline(for: spec("swift-set", "lock"), timeout: 5) == 5)
    #expect(forecast.cpuDeadline(for: spec("swift-array")) == nil)
    #expect(forecast.cpuDeadline(for: spec("swift-set", "lock")) == nil)
  }

  /// 40 µs an operation: 50 x 40 µs x (500 + 2 x 1,000) = 5 s, plus the burst's 5 ms when
  /// there is one; an expensive subject keeps its timeout.
  @Test func theForecastIsTheSlackTimesTheTrialsWorkAndNeverOverTheTimeout() {
    let forecast = HangForecast()
    forecast.learn(spec(threads: 1), ops: 500, seconds: 0.02)
    #expect(abs(forecast.deadline(for: spec(), timeout: 10) - 5) < 1e-9)
    var burst = spec()
    burst.tuning = Tuning(pin: false, burst: 128)
    #expect(abs(forecast.deadline(for: burst, timeout: 10) - 5.005) < 1e-9)
    #expect(forecast.deadline(for: spec(threads: 8), timeout: 5) == 5)
  }

  /// In CPU time the forecast counts once for every CPU the trial's threads and a helper can
  /// use: 2 threads on 2 CPUs use 2; on 8, 3. A one-thread trial, with its helper, 2.
  @Test func theCPUForecastIsTheForecastOnEveryCPUTheTrialCanUse() throws {
    for (cpus, threads, used) in [(2, 2, 2.0), (8, 2, 3.0), (8, 1, 2.0), (1, 8, 1.0)] {
      let forecast = HangForecast(cpus: cpus)
      forecast.learn(spec(threads: 1), ops: 500, seconds: 0.02)
      let seconds = 50 * 40e-6 * (500 + Double(threads) * 1_000)
      let cpu = try #require(forecast.cpuDeadline(for: spec(threads: threads)))
      #expect(abs(cpu - seconds * used) < 1e-9, "\(cpus) CPUs, \(threads) threads: \(cpu)")
    }
  }

  /// The dearest pass seen sets the cost: a cheaper one later does not shorten the wait.
  @Test func theDearestPassSeenCounts() {
    let forecast = HangForecast()
    forecast.learn(spec(threads: 1), ops: 500, seconds: 0.02)
    forecast.learn(spec(threads: 1), ops: 500, seconds: 0.000_1)
    #expect(abs(forecast.deadline(for: spec(), timeout: 10) - 5) < 1e-9)
  }

  /// Protected passes teach nothing: a queue's drain at 8 threads is not one thread's cost.
  @Test func aProtectedPassTeachesNothing() {
    let forecast = HangForecast()
    forecast.learn(spec("swift-set", "lock", threads: 1), ops: 500, seconds: 0.000_5)
    #expect(forecast.deadline(for: spec("swift-set", "lock"), timeout: 5) == 5)
    #expect(forecast.cpuDeadline(for: spec("swift-set", "lock")) == nil)
  }

  /// An exploration keeps its timeout: its scheduler calls a stuck thread itself, after 2 s,
  /// and says what each thread held; the runner must not kill it first.
  @Test func anExplorationKeepsItsTimeout() {
    let forecast = HangForecast()
    var explored = spec(threads: 1)
    explored.strategy = .randomWalk
    forecast.learn(explored, ops: 500, seconds: 0.000_5)
    explored.threads = 2
    #expect(forecast.deadline(for: explored, timeout: 10) == 10)
    forecast.learn(spec(threads: 1), ops: 500, seconds: 0.000_5)
    #expect(forecast.deadline(for: explored, timeout: 10) == 10)
    #expect(forecast.cpuDeadline(for: explored) == nil)
    #expect(forecast.deadline(for: spec(), timeout: 10) == HangForecast.floor)
  }

  /// The deadline a worker's trial is held to: the start-up limit until the worker is ready,
  /// then the timeout, or the forecast once the sanity pass has taught it, each with its words.
  @Test func aTrialsDeadlineSaysWhatRanOut() {
    let pid = ProcessInfo.processInfo.processIdentifier
    let now = Platform.monotonicNanos()
    var starting = TrialDeadline(
      spec: spec(), timeout: 5, forecast: nil, pid: pid, ready: false)
    #expect(starting.expired(at: now) == nil)
    #expect(starting.expired(at: now + TrialDeadline.startupNanos + 1_000_000_000) == .startup)
    starting.workerReady()
    #expect(starting.expired(at: now + 6_000_000_000) == .hang("within 5 s"))
    let forecast = HangForecast()
    var taught = TrialDeadline(spec: spec(), timeout: 5, forecast: forecast, pid: pid, ready: true)
    #expect(taught.expired(at: now + 4_000_000_000) == nil)
    taught.passed(ops: 500)
    #expect(
      taught.expired(at: now + 4_000_000_000)
        == .hang("within 3 s (forecast from one thread of it; the timeout is 5 s)"))
  }

  /// Once the first of a trial's threads finished, the others have `stragglerSlack` times what
  /// it took, at least the floor, whatever the whole trial's forecast; until all finished.
  @Test func aThreadStillRunningLongAfterItsPeersIsAStraggler() {
    let pid = ProcessInfo.processInfo.processIdentifier
    let forecast = HangForecast()
    #expect(forecast.stragglerWait(for: spec(), firstDoneAfter: 0.01) == HangForecast.floor)
    #expect(forecast.stragglerWait(for: spec(), firstDoneAfter: 0.5) == 10)
    // Not for a protected trial, one thread, or threads of two roles.
    #expect(forecast.stragglerWait(for: spec("swift-set", "lock"), firstDoneAfter: 0.5) == nil)
    #expect(forecast.stragglerWait(for: spec(threads: 1), firstDoneAfter: 0.5) == nil)
    var roles = spec(threads: 3)
    roles.readers = 2
    #expect(forecast.stragglerWait(for: roles, firstDoneAfter: 0.5) == nil)

    let now = Platform.monotonicNanos()
    var limits = TrialDeadline(spec: spec(), timeout: 20, forecast: forecast, pid: pid, ready: true)
    limits.started()
    limits.firstThreadDone()
    // The whole trial's deadline is the timeout (nothing learned), the straggler's about 3 s.
    guard case .hang(let why)? = limits.expired(at: now + 4_000_000_000) else {
      Issue.record("no straggler called")
      return
    }
    #expect(why.hasPrefix("3 s after the first of its 2 threads finished (seen at "), "\(why)")
    #expect(why.hasSuffix("; the timeout is 20 s)"), "\(why)")
    // Once every thread finished, the check may take its time; a new part starts afresh.
    limits.threadsDone()
    #expect(limits.expired(at: now + 4_000_000_000) == nil)
    limits.started()
    #expect(limits.expired(at: now + 4_000_000_000) == nil)
    // Without a forecast (a given timeout) there is no straggler rule.
    var given = TrialDeadline(spec: spec(), timeout: 20, forecast: nil, pid: pid, ready: true)
    given.started()
    given.firstThreadDone()
    #expect(given.expired(at: now + 4_000_000_000) == nil)
  }

  /// A timeout the user gives is the whole deadline; one from a mode or a suite is forecast.
  @Test func aGivenTimeoutIsNotForecast() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["unprotected"]
    options.threads = [2]
    options.mode = .quick
    #expect(try Plan(options: options, catalog: .forTests, suiteDirectories: []).forecastsHangs)
    options.timeout = 5
    #expect(try !Plan(options: options, catalog: .forTests, suiteDirectories: []).forecastsHangs)
  }
}
