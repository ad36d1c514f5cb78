/// What one trial measured and found.
@usableFromInline
package struct TrialResult: Sendable, Codable, Equatable {
  @usableFromInline
  package var outcome: Outcome
  /// Violations found (reads and end state); nil when the trial did not finish.
  @usableFromInline
  package var failures: Int?
  /// Operations done by all threads together; nil when the trial did not finish.
  @usableFromInline
  package var ops: Int?
  @usableFromInline
  package var reads: Int?
  @usableFromInline
  package var writes: Int?
  /// The timed region: start barrier release to the last thread done (and deferred writes
  /// drained); nil when the trial did not finish.
  @usableFromInline
  package var seconds: Double?
  /// The first violation, the crash signal and message, or what went wrong.
  @usableFromInline
  package var detail: String
  /// What failed, as data (the kind, a scenario, an interleaving, a replay token, a crash's
  /// site); nil for a trial that found nothing, or a harness fault.
  @usableFromInline
  package var finding: Finding?
  /// Milliseconds from the start barrier to the first observed failure: a bad read, the
  /// end-state check, or the worker's death; nil when the trial passed or hung.
  @usableFromInline
  package var timeToFailureMs: Double?
  /// ThreadSanitizer reports the worker printed during the trial, when its binary is built
  /// with TSan and the run counts them (`scripts/tsan.sh`); nil otherwise.
  @usableFromInline
  package var sanitizerReports: Int?
  /// Under a strategy: the scenarios the trial explored; nil under stress.
  @usableFromInline
  package var scenarios: Int?
  /// Under a bounded search: whether every scenario it started was searched to the end of its
  /// bound (false: cut short at the time or the schedule budget). Under a random strategy,
  /// false for a trial stopped at its deadline before its schedules; nil for any other trial.
  @usableFromInline
  package var searchComplete: Bool?
  /// Under a strategy: steps at scheduled primitives in all the trial's schedules. None means
  /// the scheduler could switch only between whole operations; nil for any other trial.
  package var switchPoints: Int?
  /// The machine around the trial, as the runner read it (`MachineReading`); nil in a worker's
  /// own answer, and in files from before it.
  package var machine: MachineReading?
  /// True when the harness itself failed (not the subject): the run exits 2.
  @usableFromInline
  package var harnessFault = false

  @usableFromInline
  package init(
    outcome: Outcome, failures: Int? = nil, ops: Int? = nil, reads: Int? = nil,
    writes: Int? = nil, seconds: Double? = nil, detail: String = ""
  ) {
    self.outcome = outcome
    self.failures = failures
    self.ops = ops
    self.reads = reads
    self.writes = writes
    self.seconds = seconds
    self.detail = detail
  }

  /// The `error` of a broken subject: it failed, crashed or hung with no other thread to race
  /// it (its sanity pass, a one-thread trial, or before the worker said the pass was done), so
  /// what it shows is a broken test, not a finding. Every place that finds one says it so.
  /// The failure's own finding, if it had one, is kept as the broken test's: its scenario is
  /// what the reports show after `what`.
  @usableFromInline
  package static func brokenSubject(
    _ what: String, failures: Int? = nil, keeping finding: Finding? = nil
  ) -> TrialResult {
    var result = TrialResult(
      outcome: .error, failures: failures, detail: "fails single-threaded (broken subject): \(what)"
    )
    result.finding = finding ?? Finding(.brokenTest)
    result.finding?.kind = .brokenTest
    return result
  }

  /// The words an `ok` trial's detail holds when some of its histories' checks ran out of time
  /// (a model test, stressed or explored): it neither passed nor failed them, so a verdict's
  /// "no failure seen" does not count it.
  package static let uncheckedWords = "checks ran out of"

  /// An `ok` that left some of its histories unchecked (`uncheckedWords`).
  package var leftUnchecked: Bool { outcome == .ok && detail.contains(Self.uncheckedWords) }

  /// An `error` that is the harness's fault.
  @usableFromInline
  package static func harnessFault(_ detail: String) -> TrialResult {
    var result = TrialResult(outcome: .error, detail: detail)
    result.harnessFault = true
    return result
  }

  /// What makes this result one no trial can have produced (negative or non-finite measures,
  /// reads and writes that do not add up, a pass with failures), or nil if it is plausible.
  @usableFromInline
  package var impossibility: String? {
    for (name, value) in [
      ("failures", failures), ("ops", ops), ("reads", reads), ("writes", writes),
      ("tsan_reports", sanitizerReports),
    ] {
      if let value, value < 0 { return "\(name) \(value)" }
    }
    for (name, value) in [("seconds", seconds), ("time_to_failure_ms", timeToFailureMs)] {
      if let value, !(value.isFinite && value >= 0) { return "\(name) \(value)" }
    }
    if let ops, let reads, let writes, reads.addingReportingOverflow(writes) != (ops, false) {
      return "ops \(ops) is not reads \(reads) + writes \(writes)"
    }
    if outcome == .ok, let failures, failures > 0 { return "ok with \(failures) failures" }
    return nil
  }

  /// Operations per second over the timed region; nil when the trial did not finish.
  @usableFromInline
  package var opsPerSecond: Double? {
    guard let ops, let seconds, seconds > 0, outcome == .ok || outcome == .corrupt else {
      return nil
    }
    let rate = Double(ops) / seconds
    return rate.isFinite ? rate : nil
  }
}

extension TrialResult {
  /// A detection burst's result followed by the measured loop's: the measures are the loop's
  /// alone (the burst is untimed), the failures are both parts', and the first failure found
  /// is the burst's when it found one. A measured loop the harness could not run (a thread
  /// it could not start) is that fault alone: the burst's failure must not become its cause.
  @inlinable
  package func followed(by measured: TrialResult) -> TrialResult {
    guard outcome != .ok, !measured.harnessFault else { return measured }
    var result = measured
    if result.outcome == .ok { result.outcome = outcome }
    result.failures = (failures ?? 0) + (measured.failures ?? 0)
    result.detail = "in the detection burst: \(detail)"
    result.finding = finding
    result.timeToFailureMs = timeToFailureMs
    return result
  }
}
