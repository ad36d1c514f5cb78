import Foundation
import Synchronization

/// Runs one trial in this process: fresh subject and wrapper, N dedicated threads released
/// together, a seeded operation stream per thread, then the end-state check.
///
/// No crash isolation here: the scheduler runs this inside a worker process. The generic
/// functions are inlinable so that `SubjectEntry` specializes them for each subject and
/// standard wrapper: the per-operation loop then has no dynamic dispatch.
public enum Trial {
  /// Milestones a worker reports to its parent while a trial runs.
  public enum Milestone: Sendable {
    /// The single-threaded sanity pass succeeded; the measured trial comes next.
    case sane
    /// The start barrier released the threads.
    case started
  }

  /// Operations in the single-threaded sanity pass that precedes every trial.
  public static let sanityOps = 500

  /// Resolves the spec's ids in `catalog` and runs it, reporting milestones as they pass.
  public static func run(
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
  public static func run<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _ subject: S.Type, _ wrapper: W.Type,
    milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    if S.info.failsAlone {
      milestone(.sane)
      return measure(spec, S.self, W.self, milestone: milestone)
    }
    if let broken = brokenAlone(spec, { measure($0, S.self, W.self) { _ in } }) { return broken }
    milestone(.sane)
    return blameAlone(spec, measure(spec, S.self, W.self, milestone: milestone))
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
    return .brokenSubject(alone.detail, failures: alone.failures)
  }

  /// A one-thread trial that fails is the subject's fault too.
  @inlinable
  static func blameAlone(_ spec: TrialSpec, _ result: TrialResult) -> TrialResult {
    guard spec.threads == 1 && result.outcome != .ok && !result.harnessFault else { return result }
    var broken = TrialResult.brokenSubject(result.detail, failures: result.failures)
    (broken.ops, broken.reads, broken.writes) = (result.ops, result.reads, result.writes)
    (broken.seconds, broken.timeToFailureMs) = (result.seconds, result.timeToFailureMs)
    return broken
  }

  @inlinable
  static func measure<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _: S.Type, _: W.Type, milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    if spec.driver == .dispatchApply { return applied(spec, S.self, W.self, milestone: milestone) }
    let instances = max(1, spec.tuning.instances)
    let epoch = spec.bound.opsPerThread.map { max(1, ($0 + instances - 1) / instances) }
    let shape = TrialShape(
      threads: spec.threads, opsPerThread: instances > 1 ? epoch : spec.bound.opsPerThread)
    let subjects = (0..<instances).map { _ in S(shape: shape) }
    let wrapper = W()
    let gate = StartGate(parties: spec.threads)
    let checkpoint = Checkpoint(parties: spec.threads)
    let tallies = TallyBoard(threads: spec.threads)
    let done = DispatchGroup()

    // Thread k on the k-th CPU this process may use (so a cpuset is respected).
    let cpus = spec.tuning.pin ? Platform.allowedCPUs() : []
    for index in 0..<spec.threads {
      let lane = Lane(spec: spec, thread: index, readOnlySubject: S.info.readOnly)
      done.enter()
      let failure = Platform.startThread {
        if !cpus.isEmpty { _ = Platform.pinCurrentThread(toCPU: cpus[index % cpus.count]) }
        var tally = Tally()
        gate.arriveAndWait { milestone(.started) }
        drive(subjects, wrapper, lane: lane, tally: &tally, gate: gate, checkpoint: checkpoint)
        tallies.post(tally, thread: index)
        done.leave()
      }
      if let failure {
        // A limit on threads is the harness's failure: release the threads already waiting,
        // let them finish, and say so.
        done.leave()
        gate.abandon()
        done.wait()
        return .harnessFault("cannot start thread \(index + 1) of \(spec.threads): \(failure)")
      }
    }
    let start = gate.waitUntilOpen()
    if let seconds = spec.bound.seconds {
      // Sleep in the main thread while the workers run; they poll the flag, not the clock.
      Platform.sleep(seconds: seconds)
      gate.stop()
    }
    done.wait()
    wrapper.drain()
    let elapsed = Platform.monotonicNanos() - start

    return conclude(subjects, tallies: tallies.all, elapsed: elapsed)
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
      // A bad read is timed where it happened; an end-state violation, at the end.
      let first = all.compactMap(\.firstFailureNanos).min() ?? elapsed
      result.timeToFailureMs = Double(first) / 1e6
    }
    return result
  }

  /// The dispatch-apply driver: `concurrentPerform` over threads x ops writes, each the write
  /// number `i / threads` of lane `i % threads`, then the end-state check.
  @inlinable
  static func applied<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _: S.Type, _: W.Type, milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    let ops = spec.bound.opsPerThread ?? 0
    guard ops > 0, !S.info.readOnly else {
      return .harnessFault("the dispatch-apply driver needs --ops and a subject with writes")
    }
    let threads = spec.threads
    let subject = S(shape: TrialShape(threads: threads, opsPerThread: ops))
    let wrapper = W()
    milestone(.started)
    let start = Platform.monotonicNanos()
    DispatchQueue.concurrentPerform(iterations: threads * ops) { i in
      let step = Step(thread: i % threads, seq: i / threads, random: UInt64(truncatingIfNeeded: i))
      wrapper.write(subject, step)
    }
    wrapper.drain()
    let elapsed = Platform.monotonicNanos() - start
    let endState = subject.check(writesPerThread: Array(repeating: ops, count: threads))
    var result = TrialResult(
      outcome: endState.isEmpty ? .ok : .corrupt, failures: endState.count, ops: threads * ops,
      reads: 0, writes: threads * ops, seconds: Double(elapsed) / 1e9,
      detail: endState.first.map { "end state: \($0)" } ?? "")
    if !endState.isEmpty { result.timeToFailureMs = Double(elapsed) / 1e6 }
    return result
  }

  /// What one thread does, fixed before it starts.
  @usableFromInline
  struct Lane: Sendable {
    @usableFromInline let thread: Int
    @usableFromInline let limit: Int
    @usableFromInline let timed: Bool
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

    @usableFromInline
    init(spec: TrialSpec, thread: Int, readOnlySubject: Bool) {
      self.thread = thread
      limit = spec.bound.opsPerThread ?? Int.max
      timed = spec.bound.seconds != nil
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

  /// The per-operation loop: no allocation, no clock read, no shared counter, one draw. The
  /// common case (no tuning, a count bound) gets loops with nothing else in them.
  @inlinable
  static func drive<S: StressSubject, W: Wrapper>(
    _ subjects: [S], _ wrapper: W, lane: Lane, tally: inout Tally, gate: StartGate,
    checkpoint: Checkpoint
  ) {
    var random = OperationStream(seed: lane.seed, thread: lane.thread)
    guard lane.stride == 0 && lane.yieldThreshold == 0 && lane.instances == 1 else {
      return tuned(
        subjects, wrapper, lane: lane, random: &random, tally: &tally, gate: gate,
        checkpoint: checkpoint)
    }
    let subject = subjects[0]
    let thread = lane.thread
    let threshold = lane.readThreshold
    var reads = 0
    var writes = 0
    var remaining = lane.limit
    // Chunks of 64 operations: a timed trial looks at the stop flag once per chunk, and the
    // loop inside the chunk has nothing but the draw, the decision and the call.
    while remaining > 0 {
      if lane.timed && gate.isStopped { break }
      let chunk = min(remaining, 64)
      remaining -= chunk
      if lane.readsOnly {
        for _ in 0..<chunk {
          let step = Step(thread: thread, seq: reads, random: random.next())
          if let problem = wrapper.read(subject, step) { fail(problem, lane, &tally, gate) }
          reads &+= 1
        }
      } else {
        // The draw decides read or write by its high bits; the subject uses it as is (its low
        // bits are uniform whichever way the decision went).
        for _ in 0..<chunk {
          let draw = random.next()
          if draw < threshold {
            if let problem = wrapper.read(subject, Step(thread: thread, seq: reads, random: draw)) {
              fail(problem, lane, &tally, gate)
            }
            reads &+= 1
          } else {
            wrapper.write(subject, Step(thread: thread, seq: writes, random: draw))
            writes &+= 1
          }
        }
      }
    }
    tally.reads = reads
    tally.writes = writes
  }

  /// The loop with strides, seeded yields or fresh instances.
  @inlinable
  static func tuned<S: StressSubject, W: Wrapper>(
    _ subjects: [S], _ wrapper: W, lane: Lane, random: inout OperationStream, tally: inout Tally,
    gate: StartGate, checkpoint: Checkpoint
  ) {
    var done = 0
    var round = 0
    var instance = 0
    var subject = subjects[0]
    // Sequence numbers restart on each instance, so each one's end state checks on its own.
    var reads = 0
    var writes = 0
    if lane.instances > 1 { tally.writesByInstance = Array(repeating: 0, count: lane.instances) }
    while done < lane.limit {
      if lane.timed && done & 63 == 0 && gate.isStopped { break }
      if lane.instances > 1 && done > 0 && done % lane.epoch == 0 && instance + 1 < subjects.count {
        tally.writesByInstance[instance] = writes
        instance += 1
        subject = subjects[instance]
        reads = 0
        writes = 0
        round += 1
        checkpoint.meet(round: round, gate: gate)
      } else if lane.stride > 0 && done > 0 && done % lane.stride == 0 {
        round += 1
        checkpoint.meet(round: round, gate: gate)
      }
      let draw = random.next()
      if lane.readsOnly || draw < lane.readThreshold {
        let step = Step(thread: lane.thread, seq: reads, random: draw)
        if let problem = wrapper.read(subject, step) { fail(problem, lane, &tally, gate) }
        reads += 1
        tally.reads += 1
      } else {
        wrapper.write(subject, Step(thread: lane.thread, seq: writes, random: draw))
        writes += 1
        tally.writes += 1
      }
      // The low 16 bits decide the yield, independent of the read decision's high bits.
      if UInt16(truncatingIfNeeded: draw) < lane.yieldThreshold { Platform.yield() }
      done += 1
    }
    if lane.instances > 1 { tally.writesByInstance[instance] = writes }
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
