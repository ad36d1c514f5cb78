import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun
import StressPlatform

// MARK: - Model tests: invocation rate, the checker's share, its bound, and detection

extension Benchmark {
  /// One scenario shape's run of a model test in this process.
  package struct ModelRate: Sendable {
    /// Whether the specification's states are told apart (`state(of:)`), so equal ones merge.
    package var statesMerged: Bool
    package var wrapper: String
    package var threads: Int
    package var operationsPerThread: Int
    package var invocations: Int
    /// Invocations per second of the whole trial's wall time: instances, threads, checks.
    package var invocationsPerSecond: Double
    /// The checker's time (cache lookups included) over the trial's wall time.
    package var checkShare: Double
    /// The parallel parts' time over the trial's wall time.
    package var parallelShare: Double
    /// Distinct outcomes the checker searched.
    package var checks: Int
  }

  /// Invocations of each model-test trial: a 250th of `ops`, 20,000 at the default, so that
  /// a short bench (`--ops 1000`) is short here too.
  package var modelInvocations: Int { min(20_000, max(500, ops / 250)) }

  /// The correct counter locked by each wrapper (an NSLock, a Mutex around every call), in
  /// scenarios of each shape, `modelInvocations` invocations each: medians over `repeats`
  /// trials.
  package func modelRates(
    shapes: [(threads: Int, operations: Int)] = [(2, 3), (2, 5), (3, 3), (3, 5)]
  ) -> [ModelRate] {
    let invocations = modelInvocations
    return modelRates(SelfTestModelCounterFixed.self, LockWrapper.self, shapes, invocations)
      + modelRates(SelfTestModelCounterFixed.self, MutexWrapper.self, shapes, invocations)
      + modelRates(SelfTestModelCounterStates.self, LockWrapper.self, shapes, invocations)
      + modelRates(SelfTestModelCounterStates.self, MutexWrapper.self, shapes, invocations)
  }

  func modelRates<M: ModelTest, W: Wrapper>(
    _: M.Type, _: W.Type, _ shapes: [(threads: Int, operations: Int)], _ invocations: Int
  ) -> [ModelRate] {
    shapes.map { shape in
      var rates: [Double] = []
      var shares: [Double] = []
      var checks: [Double] = []
      var parallel: [Double] = []
      for k in 0..<max(1, repeats) {
        let options = ScenarioOptions(operationsPerThread: shape.operations)
        let spec = TrialSpec(
          subject: M.info.id, wrapper: W.info.id,
          threads: shape.threads, readRatio: 0.5, bound: .ops(invocations * shape.operations),
          seed: UInt64(k + 1))
        let wrapper = W()
        let (_, report) = ModelTrial<M>.run(spec, options: options, milestone: { _ in }) {
          scenario, n, onStart throws(ModelTrial<M>.Fault) in
          try ModelTrial<M>.execute(
            scenario, n, wrapper, pin: true, onStart: onStart)
        }
        let seconds = Double(report.totalNanos) / 1e9
        rates.append(Double(report.invocations) / seconds)
        shares.append(Double(report.checkNanos) / Double(report.totalNanos))
        checks.append(Double(report.checks))
        parallel.append(Double(report.parallelNanos) / Double(report.totalNanos))
      }
      return ModelRate(
        statesMerged: M.state(of: M.makeSpecification()) != nil, wrapper: W.info.id,
        threads: shape.threads, operationsPerThread: shape.operations,
        invocations: invocations,
        invocationsPerSecond: Percentiles(rates)!.p50, checkShare: Percentiles(shares)!.p50,
        parallelShare: Percentiles(parallel)!.p50, checks: Int(Percentiles(checks)!.p50))
    }
  }

  /// A 1,000-call history no order explains and whose search cannot finish: 999 increments
  /// that answer nothing, all overlapping, and a read of a value none of them left. Returns
  /// the checker's answer and its wall milliseconds under a `seconds` limit.
  package func modelBound(seconds: Double = 0.5) -> (unknown: Bool, milliseconds: Double) {
    typealias Checker = LinearizabilityChecker<Int, Bool, Int>
    // Input true: an increment (answers 0); false: a read (answers the count).
    let counter = Checker(initial: 0) { count, increment, answer in
      increment ? count + 1 : (answer == count ? count : nil)
    }
    var history = (0..<999).map {
      Checker.Operation(thread: $0 % 8, input: true, output: 0, call: 0, response: 100)
    }
    history.append(Checker.Operation(thread: 8, input: false, output: -1, call: 1, response: 99))
    let start = Platform.monotonicNanos()
    let verdict = counter.check(history, deadline: start + UInt64(seconds * 1e9))
    return (verdict == .unknown, Double(Platform.monotonicNanos() - start) / 1e6)
  }

  /// The classic non-linearizable self-tests and their fixes.
  package static let modelSubjects = [
    (SelfTestModelCounter.info.id, SelfTestModelCounterFixed.info.id),
    (SelfTestModelCache.info.id, SelfTestModelCacheFixed.info.id),
    (SelfTestModelQueue.info.id, SelfTestModelQueueFixed.info.id),
    (SelfTestModelList.info.id, SelfTestModelListFixed.info.id),
  ]

  /// Each of `subjects` unprotected at 2 threads, at the default mode's budget (a timed trial,
  /// as `stress run` gives it), `trials` trials in worker processes.
  package func modelDetection(subjects: [String], trials: Int) throws -> [Detection] {
    try subjects.map { subject in
      let cell = Cell(
        subject: subject, wrapper: Unprotected.info.id, threads: 2, readRatio: 0.5,
        documented: .notListed, isProtected: false)
      let budget = Mode.default.preset
      let seconds = budget.seconds ?? 0.06
      let plan = Plan(
        suite: "bench", mode: .default, cells: [cell], trials: trials, bound: .seconds(seconds),
        seed: 1, timeout: (budget.timeout ?? 10) + seconds)
      let stats = try Scheduler(plan: plan).run(observers: [])[0]
      return Detection(
        subject: subject, variant: "default budget", failed: stats.failedTrials,
        trials: stats.trials, medianTimeToFailureMs: stats.medianTimeToFailureMs)
    }
  }
}
