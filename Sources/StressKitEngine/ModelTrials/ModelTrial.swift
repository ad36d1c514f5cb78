import StressKitCore
import StressKitModel
import StressPlatform

/// Runs one trial of a model test in this process (a worker's): a sanity pass on one thread,
/// then seeded scenarios, each invoked many times on fresh instances with its threads released
/// together, every distinct outcome checked against the sequential specification. The first
/// scenario that fails is shrunk and shown as a table.
package enum ModelTrial<M: ModelTest> {
  /// Runs `invocations` invocations of a scenario, calling `onStart` as the threads of the
  /// first are released; returns them and the parallel parts' nanoseconds.
  package typealias Execute = (Scenario, _ invocations: Int, _ onStart: (@Sendable () -> Void)?)
    throws(Fault) -> (batch: ModelInvocations<M>, nanos: UInt64)

  /// The harness could not run an invocation (a thread would not start).
  package struct Fault: Error {
    var detail: String
  }

  /// A failing invocation: its scenario and what each lane's calls answered.
  struct Failure {
    var scenario: Scenario
    var results: [[ModelValue]]
  }

  /// A trial that must see enough to claim a pass: past its bound it runs on until its threads
  /// have run at once in `overlaps` invocations, or `seconds` have passed since it began.
  package struct Power: Sendable {
    package var overlaps: Int
    package var seconds: Double

    package init(overlaps: Int, seconds: Double) {
      self.overlaps = overlaps
      self.seconds = seconds
    }
  }

  /// What a trial did beyond its result, for `stress bench` and `check()`.
  package struct Report: Sendable {
    package var invocations = 0
    /// Invocations in which two threads ran at once: a floor under the run's power to see a
    /// race (only these can show one).
    package var overlapped = 0
    package var checks = 0
    package var unknowns = 0
    package var checkNanos: UInt64 = 0
    /// The parallel parts' time: the calls racing, under the wrapper.
    package var parallelNanos: UInt64 = 0
    package var totalNanos: UInt64 = 0
  }

  /// Scenarios and invocations of the single-threaded sanity pass.
  static var sanity: (scenarios: Int, invocations: Int) { (4, 8) }
  /// Invocations between two looks at the clock (and between thread starts).
  static var batchSize: Int { 256 }

  /// A trial under a thread-driven wrapper.
  package static func run<W: Wrapper>(
    _ spec: TrialSpec, _: W.Type, milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    run(spec, W.self, power: nil, milestone: milestone).result
  }

  /// A trial under a thread-driven wrapper, with what it did.
  package static func run<W: Wrapper>(
    _ spec: TrialSpec, _: W.Type, power: Power?,
    milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> (result: TrialResult, report: Report) {
    if M.isAsync {
      guard !W.info.isProtected else { return (.brokenSubject(Self.runsBare), Report()) }
      return run(spec, power: power, milestone: milestone) {
        scenario, invocations, onStart throws(Fault) in
        try executeAsync(scenario, invocations, onStart: onStart)
      }
    }
    let wrapper = W()
    return run(spec, power: power, milestone: milestone) {
      scenario, invocations, onStart throws(Fault) in
      try execute(scenario, invocations, wrapper, pin: spec.tuning.pin, onStart: onStart)
    }
  }

  /// Why an async model test has no trial under a wrapper that protects (a plan leaves such
  /// cells out; `check(wrapper:)` can ask for one).
  static var runsBare: String {
    "its operations are async, and a wrapper's lock cannot be held across an await: it runs "
      + "bare (unprotected)"
  }

  /// A trial under a task-driven wrapper.
  package static func run<A: AsyncWrapper>(
    _ spec: TrialSpec, _: A.Type, milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    guard !M.isAsync else { return .brokenSubject(Self.runsBare) }
    let wrapper = A()
    return run(spec, milestone: milestone) { scenario, invocations, onStart throws(Fault) in
      try execute(scenario, invocations, wrapper, onStart: onStart)
    }.result
  }

  /// A trial with `options` for the test's own (the benchmark's scenario shapes).
  package static func run(
    _ spec: TrialSpec, options: ScenarioOptions = M.scenarios, power: Power? = nil,
    milestone: @escaping @Sendable (Trial.Milestone) -> Void, execute: Execute
  ) -> (result: TrialResult, report: Report) {
    let began = Platform.monotonicNanos()
    var report = Report()
    let operations = M.operations
    guard !operations.isEmpty else { return (.brokenSubject("it has no operations"), report) }
    if let problem = options.problem {
      return (.brokenSubject("its ScenarioOptions' \(problem)"), report)
    }
    do throws(Fault) {
      // As for any subject: one that fails alone by design has no sanity pass, nor does a
      // trial the runner knows passes alone here (`TrialSpec.Sanity`).
      if spec.sanity != .skipped, !M.info.failsAlone,
        let broken = try sane(spec, operations, options, execute)
      {
        return (broken, report)
      }
      if spec.sanity == .only {
        return (
          TrialResult(outcome: .ok, failures: 0, ops: 0, reads: 0, writes: 0, seconds: 0), report
        )
      }
      milestone(.sane)
      var counts = Counts()
      try explore(
        spec, options: options, power: power, began: began, report: &report, counts: &counts,
        onStart: { milestone(.started) }, execute: execute)
      let result = conclude(counts, report: report, spec: spec, options: options, execute)
      report.parallelNanos = counts.nanos
      report.totalNanos = Platform.monotonicNanos() - began
      return (M.info.failsAlone ? result : Trial.blameAlone(spec, result), report)
    } catch {
      return (.harnessFault(error.detail), report)
    }
  }

  /// A few scenarios on one thread: if one is not linearizable, the specification and the type
  /// disagree with no race at all (a nondeterministic result, a wrong model): a broken test.
  static func sane(
    _ spec: TrialSpec, _ operations: [ModelOperation<M.Instance>], _ options: ScenarioOptions,
    _ execute: Execute
  ) throws(Fault) -> TrialResult? {
    var random = SplitMix64(seed: spec.seed, stream: -1)
    for _ in 0..<sanity.scenarios {
      let scenario = Scenario.random(
        operations, threads: 1, options: options, readRatio: spec.readRatio, using: &random)
      let (batch, _) = try execute(scenario, sanity.invocations, nil)
      let checker = ScenarioChecker<M>(scenario, operations: operations)
      for i in 0..<batch.invocations {
        guard
          case .notLinearizable = checker.check(batch, invocation: i, seconds: options.checkSeconds)
        else { continue }
        let failure = Self.failure(batch, i, scenario)
        var finding = Finding(
          .brokenTest,
          scenario: ScenarioTable.finding(
            failure.scenario, results: failure.results, operations: operations))
        finding.circumstance = .answersAlone
        return .brokenSubject("", keeping: finding)
      }
    }
    return nil
  }

  /// What invocation `i` of `batch` answered, lane by lane.
  static func failure(_ batch: ModelInvocations<M>, _ i: Int, _ scenario: Scenario) -> Failure {
    Failure(
      scenario: scenario,
      results: batch.lanes.indices.map { lane in
        batch.lanes[lane].indices.map {
          batch.record(lane: lane, invocation: i, index: $0).result ?? ModelValue(0)
        }
      })
  }

  /// The first failing invocation of up to `options.invocations` of `scenario`, if one fails.
  static func reproduce(_ scenario: Scenario, _ options: ScenarioOptions, _ execute: Execute)
    throws(Fault) -> Failure?
  {
    let checker = ScenarioChecker<M>(scenario, operations: M.operations)
    var left = options.invocations
    while left > 0 {
      let n = min(left, batchSize)
      let (batch, _) = try execute(scenario, n, nil)
      for i in 0..<n {
        if case .notLinearizable = checker.check(
          batch, invocation: i, seconds: options.checkSeconds)
        {
          return failure(batch, i, scenario)
        }
      }
      left -= n
    }
    return nil
  }
}
