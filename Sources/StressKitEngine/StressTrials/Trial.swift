import Foundation
import StressKitCore
import StressPlatform
import Synchronization

/// Runs one trial in this process: fresh subject and wrapper, N dedicated threads released
/// together, a seeded operation stream per thread, then the end-state check.
///
/// No crash isolation here: the scheduler runs this inside a worker process. The generic
/// functions are inlinable so that `SubjectEntry` specializes them for each standard wrapper,
/// over a dispatched subject (compiled once, here) or, for a subject added with
/// `Catalog.add(specializing:)`, over the subject's own type: that loop has no dynamic
/// dispatch at all.
@usableFromInline
package enum Trial {
  /// Milestones a worker reports to its parent while a trial runs.
  @usableFromInline
  package enum Milestone: Sendable {
    /// The single-threaded sanity pass succeeded; the measured trial comes next.
    case sane
    /// The start barrier released the threads.
    case started
    /// Of the trial's 2 or more threads, one finished its operations and another was still
    /// running `stragglerGrace` later (the threads driver): the rest should follow soon, and
    /// one that does not is stuck in an operation.
    case firstThreadDone
    /// After `firstThreadDone`: every thread finished; the check runs next.
    case threadsDone
  }

  /// Nanoseconds the threads driver waits for the rest of a trial's threads after the first
  /// ended before it reports `firstThreadDone`.
  @usableFromInline
  package static let stragglerGrace = 50_000_000

  /// Operations in the single-threaded sanity pass (`TrialSpec.Sanity` says when it runs).
  @usableFromInline
  package static let sanityOps = 500

  /// Resolves the spec's ids in `catalog` and runs it, reporting milestones as they pass.
  @usableFromInline
  package static func run(
    _ spec: TrialSpec, catalog: Catalog,
    milestone: @escaping @Sendable (Milestone) -> Void = { _ in }
  ) -> TrialResult {
    guard let entry = catalog.entry(spec.subject) else {
      return .harnessFault("unknown subject '\(spec.subject)'")
    }
    if let wrapper = catalog.wrapper(spec.wrapper) { return entry.run(spec, wrapper, milestone) }
    if let wrapper = catalog.taskWrapper(spec.wrapper) {
      return entry.run(spec, wrapper, milestone)
    }
    return .harnessFault("unknown wrapper '\(spec.wrapper)'")
  }

  @inlinable
  package static func run<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _ subject: SubjectMaker<S>, _ wrapper: W.Type,
    milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    if subject.info.failsAlone {
      milestone(.sane)
      return measure(spec, subject, W.self, milestone: milestone)
    }
    if let answer = sanity(spec, { measure($0, subject, W.self) { _ in } }) { return answer }
    milestone(.sane)
    guard
      let burst = spec.burst(
        freshProcess: subject.info.freshProcess, protected: W.info.isProtected)
    else {
      return blameAlone(spec, measure(spec, subject, W.self, milestone: milestone))
    }
    // Each part reports its own release, so a crash is timed from the part it happened in.
    let found = measure(burst, subject, W.self, milestone: milestone)
    guard !found.harnessFault else { return found }
    return found.followed(by: measure(spec, subject, W.self, milestone: milestone))
  }

  /// The sanity pass as `spec.sanity` asks (`TrialSpec.Sanity`): the answer to give instead of
  /// the trial (a broken subject's `error`, or a sanity-only request's `ok`), or nil to run it.
  /// A one-thread trial has none: it runs alone already, and `blameAlone` judges it.
  @inlinable
  static func sanity(_ spec: TrialSpec, _ measure: (TrialSpec) -> TrialResult) -> TrialResult? {
    switch spec.sanity {
    case .skipped?: return nil
    case .only?:
      return brokenAlone(spec, measure)
        ?? TrialResult(outcome: .ok, failures: 0, ops: 0, reads: 0, writes: 0, seconds: 0)
    case nil: return spec.threads == 1 ? nil : brokenAlone(spec, measure)
    }
  }

  /// A subject that fails alone is broken, not a finding: a single-threaded pass of the same
  /// spec runs first. Returns the `error` result if it fails, nil if it checks out.
  @inlinable
  static func brokenAlone(_ spec: TrialSpec, _ measure: (TrialSpec) -> TrialResult)
    -> TrialResult?
  {
    guard spec.threads >= 1 else { return .harnessFault("threads must be at least 1") }
    var sanity = spec
    sanity.threads = 1
    sanity.readers = nil
    sanity.tuning = .none
    sanity.driver = spec.driver == .tasks ? .tasks : .threads
    sanity.bound = .ops(min(sanityOps, spec.bound.opsPerThread ?? sanityOps))
    let alone = measure(sanity)
    guard alone.outcome != .ok else { return nil }
    if alone.harnessFault { return alone }
    return .brokenSubject(alone.detail, failures: alone.failures, keeping: alone.finding)
  }

  /// A one-thread trial that fails is the subject's fault too.
  @inlinable
  static func blameAlone(_ spec: TrialSpec, _ result: TrialResult) -> TrialResult {
    guard spec.threads == 1 && result.outcome != .ok && !result.harnessFault else { return result }
    var broken = TrialResult.brokenSubject(
      result.detail, failures: result.failures, keeping: result.finding)
    (broken.ops, broken.reads, broken.writes) = (result.ops, result.reads, result.writes)
    (broken.seconds, broken.timeToFailureMs) = (result.seconds, result.timeToFailureMs)
    return broken
  }

  /// Reads, writes, violations and the end-state check (of every instance), added up into the
  /// trial's result.
  @inlinable
  static func conclude<S: StressSubject>(_ subjects: [S], tallies all: [Tally], elapsed: UInt64)
    -> TrialResult
  {
    var violations = Violations()
    for tally in all { violations.merge(tally.violations) }
    var endState = Violations()
    if subjects.count == 1 {
      endState = subjects[0].check(writesPerThread: all.map(\.writes))
    } else {
      for (k, subject) in subjects.enumerated() {
        let found = subject.check(writesPerThread: all.map { $0.writesByInstance[k] })
        endState.add(count: found.count, "instance \(k): \(found.first ?? "")")
      }
    }
    let failures = violations.count + endState.count
    let detail = violations.first ?? endState.first.map { "end state: \($0)" } ?? ""
    let reads = all.reduce(0) { $0 + $1.reads }
    let writes = all.reduce(0) { $0 + $1.writes }
    var result = TrialResult(
      outcome: failures == 0 ? .ok : .corrupt, failures: failures, ops: reads + writes,
      reads: reads, writes: writes, seconds: Double(elapsed) / 1e9, detail: detail)
    if failures > 0 {
      result.finding = Finding(violations.isEmpty ? .endState : .corruptRead)
      // A bad read is timed where it happened; an end-state violation, at the end.
      let first = all.compactMap(\.firstFailureNanos).min() ?? elapsed
      result.timeToFailureMs = Double(first) / 1e6
    }
    return result
  }

  /// What one thread does, fixed before it starts.
  @usableFromInline
  struct Lane: Sendable {
    @usableFromInline let thread: Int
    @usableFromInline let limit: Int
    @usableFromInline let timed: Bool
    /// Operations between looks at the stop flag, a power of two; every thread does its first
    /// chunk whatever the clock says. 16 in a timed trial (a duration, a cap, a burst): 8
    /// threads queued on one lock each owed 64 operations of a slow subject before they could
    /// stop, which made a 5 ms cap take 30, and a 0.03 s trial of `nskeyedarchiver-mutated`
    /// (0.4 ms an operation) take 0.13 s. The look is a load of a line no one writes until the
    /// stop; a count bound has no look.
    @usableFromInline let chunk: Int
    /// A draw below this is a read (`UInt64.max` with `readsOnly`).
    @usableFromInline let readThreshold: UInt64
    @usableFromInline let readsOnly: Bool
    /// The low 16 bits of a draw below this yield the core afterwards (0: never).
    @usableFromInline let yieldThreshold: UInt16
    @usableFromInline let stride: Int
    /// Operations per subject instance (`Int.max` with one instance).
    @usableFromInline let epoch: Int
    @usableFromInline let instances: Int
    @usableFromInline let seed: UInt64

    /// The chunk of a timed trial.
    static let timedChunk = 16

    @usableFromInline
    init(spec: TrialSpec, thread: Int, readOnlySubject: Bool) {
      self.thread = thread
      limit = spec.bound.opsPerThread ?? Int.max
      timed = spec.bound.seconds != nil || spec.deadline != nil
      chunk = timed ? Self.timedChunk : 64
      let ratio: Double
      if readOnlySubject {
        ratio = 1
      } else if let readers = spec.readers {
        ratio = thread < readers ? 1 : 0
      } else {
        ratio = spec.readRatio
      }
      readsOnly = ratio >= 1
      readThreshold = readsOnly ? .max : UInt64(max(0, ratio) * 0x1p64)
      yieldThreshold = UInt16(min(65535, max(0, spec.tuning.yieldProbability) * 65536))
      stride = spec.tuning.stride
      instances = max(1, spec.tuning.instances)
      epoch = instances > 1 ? max(1, (limit + instances - 1) / instances) : .max
      seed = spec.seed
    }
  }

  /// Records a bad read: the first one's time and words, and the count.
  @inlinable
  @inline(never)
  static func fail(_ problem: String, _ lane: Lane, _ tally: inout Tally, _ gate: StartGate) {
    if tally.firstFailureNanos == nil {
      tally.firstFailureNanos =
        Platform.monotonicNanos() &- gate.releasedAt.load(ordering: .relaxed)
    }
    tally.violations.add("read by thread \(lane.thread): \(problem)")
  }
}
