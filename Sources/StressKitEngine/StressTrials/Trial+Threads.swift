import Foundation
import StressKitCore
import StressPlatform
import Synchronization

// MARK: - The threads driver: dedicated threads behind a start barrier

extension Trial {
  @inlinable
  static func measure<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _ subject: SubjectMaker<S>, _: W.Type,
    milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    if spec.driver == .dispatchApply { return applied(spec, subject, W.self, milestone: milestone) }
    var spec = spec
    let subjects = instances(of: subject, for: &spec)
    let wrapper = W()
    let objects = TrialObjects((subjects, wrapper))
    defer { objects.clear() }
    let gate = StartGate(parties: spec.threads)
    let checkpoint = Checkpoint(parties: spec.threads)
    let tallies = TallyBoard(threads: spec.threads)
    let done = DispatchGroup()
    // Signalled by each thread as it ends: a thread still running `stragglerGrace` after the
    // first ended is reported, so the runner's straggler clock runs (`Milestone`).
    let ended = DispatchSemaphore(value: 0)

    // Thread k on the k-th CPU this process may use (so a cpuset is respected).
    let cpus = spec.tuning.pin ? Platform.allowedCPUs() : []
    // Joined before the trial answers (outside its timed region): a thread still exiting
    // holds its stack, and the next trial's would meet the worker's memory limit.
    var started: [Platform.JoinableThread] = []
    started.reserveCapacity(spec.threads)
    defer { started.forEach(Platform.join) }
    for index in 0..<spec.threads {
      let lane = Lane(spec: spec, thread: index, readOnlySubject: subject.info.readOnly)
      done.enter()
      let thread = Platform.startJoinableThread {
        if !cpus.isEmpty { _ = Platform.pinCurrentThread(toCPU: cpus[index % cpus.count]) }
        var tally = Tally()
        gate.arriveAndWait { milestone(.started) }
        if !gate.isAbandoned, let held = objects.value {
          drive(held.0, held.1, lane: lane, tally: &tally, gate: gate, checkpoint: checkpoint)
        }
        tallies.post(tally, thread: index)
        ended.signal()
        done.leave()
      }
      switch thread {
      case .success(let thread): started.append(thread)
      case .failure(let failure):
        // A limit on threads is the harness's failure: release the threads already waiting,
        // which then do nothing, and say so.
        done.leave()
        gate.abandon()
        done.wait()
        return .harnessFault(
          "cannot start thread \(index + 1) of \(spec.threads): \(failure.text)")
      }
    }
    let start = gate.waitUntilOpen()
    if let deadline = spec.deadline,
      done.wait(timeout: .now() + .nanoseconds(Int(deadline * 1e9))) == .timedOut
    {
      gate.stop()
    }
    if let seconds = spec.bound.seconds {
      // Sleep in the main thread while the workers run; they poll the flag, not the clock.
      Platform.sleep(seconds: seconds)
      gate.stop()
    }
    // Threads that end together, as they nearly always do, cost no message: the timed region
    // stays free of the harness's writes.
    var straggling = false
    if spec.threads > 1 {
      ended.wait()
      straggling = done.wait(timeout: .now() + .nanoseconds(Self.stragglerGrace)) == .timedOut
      if straggling { milestone(.firstThreadDone) }
    }
    done.wait()
    wrapper.drain()
    let elapsed = Platform.monotonicNanos() - start
    if straggling { milestone(.threadsDone) }

    return conclude(subjects, tallies: tallies.all, elapsed: elapsed)
  }

  /// The trial's instances (`--instances`), made before its threads start. Under a deadline
  /// (the burst), instances that are slow to make are made for half of it at most, and the
  /// trial runs on those it has: `spec` then says how many, and the operations they share.
  @inlinable
  static func instances<S: StressSubject>(of subject: SubjectMaker<S>, for spec: inout TrialSpec)
    -> [S]
  {
    let instances = max(1, spec.tuning.instances)
    let epoch = spec.bound.opsPerThread.map { max(1, ($0 + instances - 1) / instances) }
    let shape = TrialShape(
      threads: spec.threads, opsPerThread: instances > 1 ? epoch : spec.bound.opsPerThread,
      focus: spec.focus)
    var made = [subject.make(shape)]
    let making = spec.deadline.map { Platform.monotonicNanos() + UInt64($0 / 2 * 1e9) }
    while made.count < instances && making.map({ Platform.monotonicNanos() < $0 }) != false {
      made.append(subject.make(shape))
    }
    if made.count < instances, let epoch {
      spec.tuning.instances = made.count
      spec.bound = .ops(made.count * epoch)
    }
    return made
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
    // In chunks (`Lane.chunk`): a timed trial looks at the stop flag once per chunk, and the
    // loop inside the chunk has nothing but the draw, the decision and the call. Not before the
    // first chunk: a thread a busy machine started late still does its share of a capped trial.
    while remaining > 0 {
      if lane.timed && remaining < lane.limit && gate.isStopped { break }
      let chunk = min(remaining, lane.chunk)
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
    var patience = checkpoint.patience
    var instance = 0
    var subject = subjects[0]
    // Sequence numbers restart on each instance, so each one's end state checks on its own.
    var reads = 0
    var writes = 0
    if lane.instances > 1 { tally.writesByInstance = Array(repeating: 0, count: lane.instances) }
    while done < lane.limit {
      // Not before the first chunk: a thread that a busy machine held back past a burst's
      // deadline still does its share.
      if lane.timed && done > 0 && done & (lane.chunk - 1) == 0 && gate.isStopped { break }
      if lane.instances > 1 && done > 0 && done % lane.epoch == 0 && instance + 1 < subjects.count {
        tally.writesByInstance[instance] = writes
        instance += 1
        subject = subjects[instance]
        reads = 0
        writes = 0
        round += 1
        checkpoint.meet(round: round, gate: gate, patience: &patience)
      } else if lane.stride > 0 && done > 0 && done % lane.stride == 0 {
        round += 1
        checkpoint.meet(round: round, gate: gate, patience: &patience)
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
}
