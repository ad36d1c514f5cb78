import StressKitCore
import StressKitModel
import StressPlatform

extension ModelTrial {
  /// What a trial's scenarios did, and the first failure they found.
  struct Counts {
    var reads = 0
    var writes = 0
    var nanos: UInt64 = 0
    var failures = 0
    var found: (failure: Failure, scenario: Int, invocations: Int, atNanos: UInt64)?
  }

  /// Random scenarios, each invoked in batches and every invocation checked, until the budget
  /// or the time is spent or a scenario fails.
  static func explore(
    _ spec: TrialSpec, options: ScenarioOptions, power: Power?, began: UInt64,
    report: inout Report, counts: inout Counts, onStart: @escaping @Sendable () -> Void,
    execute: Execute
  ) throws(Fault) {
    let operations = M.operations
    var random = SplitMix64(seed: spec.seed)
    let budget = spec.bound.opsPerThread.map { max(1, $0 / options.operationsPerThread) }
    let deadline = (spec.bound.seconds ?? spec.deadline).map { began + UInt64($0 * 1e9) }
    let limit = power.map { began + UInt64(max(0, $0.seconds) * 1e9) }
    /// Past the deadline; with a power to reach, past the limit too unless it was reached.
    func timeUp(_ report: Report) -> Bool {
      guard let deadline else { return false }
      let now = Platform.monotonicNanos()
      guard now >= deadline else { return false }
      guard let power, let limit, report.overlapped < power.overlaps else { return true }
      return now >= limit
    }
    var start: (@Sendable () -> Void)? = onStart
    var number = 0
    // Where the test tells states apart, one specification serves the trial's scenarios.
    var shared = SharedSpecification.make(M.self, operations)
    while budget.map({ report.invocations < $0 }) ?? true {
      let scenario = Scenario.random(
        operations, threads: spec.threads, options: options, readRatio: spec.readRatio,
        using: &random)
      number += 1
      if shared?.isFull == true { shared = SharedSpecification.make(M.self, operations) }
      let checker = ScenarioChecker<M>(scenario, operations: operations, shared: shared)
      let left = min(options.invocations, budget.map { $0 - report.invocations } ?? .max)
      try invoke(
        scenario, number: number, checker: checker, left: left, spec: spec, options: options,
        counting: power != nil, report: &report, counts: &counts, onStart: &start,
        execute: execute, timeUp: timeUp)
      report.checks += checker.checks
      report.unknowns += checker.unknowns
      if counts.found != nil || timeUp(report) { break }
    }
  }

  /// Up to `left` invocations of `scenario`, in batches, each checked.
  static func invoke(
    _ scenario: Scenario, number: Int, checker: ScenarioChecker<M>, left: Int, spec: TrialSpec,
    options: ScenarioOptions, counting: Bool, report: inout Report, counts: inout Counts,
    onStart: inout (@Sendable () -> Void)?, execute: Execute, timeUp: (Report) -> Bool
  ) throws(Fault) {
    let operations = M.operations
    var left = left
    var tried = 0
    while left > 0 {
      let n = min(left, batchSize)
      let (batch, nanos) = try execute(scenario, n, onStart)
      onStart = nil
      counts.nanos += nanos
      for (t, lane) in scenario.parallel.enumerated() where t < spec.threads {
        let reads = lane.filter { operations[$0.operation].isRead }.count
        counts.reads += reads * n
        counts.writes += (lane.count - reads) * n
      }
      // Only a trial with a power to reach pays for counting it, outside the checker's time.
      if counting {
        for i in 0..<n where batch.overlapped(invocation: i) { report.overlapped += 1 }
      }
      // Timed per batch, not per check: two clock reads per invocation would be a fair
      // part of a cached check's cost.
      let checking = Platform.monotonicNanos()
      for i in 0..<n {
        guard
          case .notLinearizable = checker.check(
            batch, invocation: i, seconds: options.checkSeconds)
        else { continue }
        counts.failures += 1
        if counts.found == nil {
          counts.found = (Self.failure(batch, i, scenario), number, 0, counts.nanos)
        }
      }
      report.checkNanos += Platform.monotonicNanos() - checking
      report.invocations += n
      tried += n
      left -= n
      if timeUp(report) { break }
    }
    counts.found?.invocations = tried
  }

  /// The trial's result from what its scenarios did: a failure shrunk, as its finding; else
  /// unchecked histories, if any.
  static func conclude(
    _ counts: Counts, report: Report, spec: TrialSpec, options: ScenarioOptions,
    _ execute: Execute
  ) -> TrialResult {
    let operations = M.operations
    var result = TrialResult(
      outcome: counts.failures == 0 ? .ok : .corrupt, failures: counts.failures,
      ops: counts.reads + counts.writes, reads: counts.reads, writes: counts.writes,
      seconds: Double(counts.nanos) / 1e9)
    if let found = counts.found {
      let shrunk = minimize(found.failure, options, execute)
      result.timeToFailureMs = Double(found.atNanos) / 1e6
      // Data only: the reports word it, with the command that replays the trial.
      var finding = Finding(
        .notLinearizable,
        scenario: ScenarioTable.finding(
          shrunk.scenario, results: shrunk.results, operations: operations),
        scenarioNumber: found.scenario)
      finding.seed = spec.seed
      finding.circumstance = .invocations(
        failed: counts.failures, of: found.invocations, calls: found.failure.scenario.count)
      // Where the type is built on scheduled primitives or actors, the interleaving that
      // breaks it.
      finding.explained = Exploration<M>.explain(shrunk.scenario, seed: spec.seed)
      result.finding = finding
    } else if report.unknowns > 0 {
      result.detail =
        "\(report.unknowns) of \(report.checks) distinct outcomes that needed a search "
        + "unknown: their \(TrialResult.uncheckedWords) time (\(options.checkSeconds) s each), so "
        + "they were neither passed nor failed"
    }
    return result
  }
}
