import Dispatch
import StressKitCore
import StressPlatform
import Synchronization

// MARK: - The tasks driver, for actors

extension Trial {
  /// Runs a trial whose wrapper is awaited: the single-threaded sanity pass with one task (as
  /// `spec.sanity` asks), then N tasks in a task group. The worker's main thread only waits for
  /// the whole trial.
  @inlinable
  package static func runTasks<S: StressSubject, A: AsyncWrapper>(
    _ spec: TrialSpec, _ subject: SubjectMaker<S>, _: A.Type,
    milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    if subject.info.failsAlone {
      milestone(.sane)
      return measureTasks(spec, subject, A.self, milestone: milestone)
    }
    if let answer = sanity(spec, { measureTasks($0, subject, A.self) { _ in } }) {
      return answer
    }
    milestone(.sane)
    return blameAlone(spec, measureTasks(spec, subject, A.self, milestone: milestone))
  }

  @inlinable
  static func measureTasks<S: StressSubject, A: AsyncWrapper>(
    _ spec: TrialSpec, _ kind: SubjectMaker<S>, _: A.Type,
    milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    let shape = TrialShape(
      threads: spec.threads, opsPerThread: spec.bound.opsPerThread, focus: spec.focus)
    let subject = kind.make(shape)
    let objects = TrialObjects((subject, A()))
    defer { objects.clear() }
    let gate = StartGate(parties: spec.threads)
    let tallies = TallyBoard(threads: spec.threads)
    let finished = DispatchSemaphore(value: 0)
    let lanes = (0..<spec.threads).map {
      Lane(spec: spec, thread: $0, readOnlySubject: kind.info.readOnly)
    }

    let start = gate.openNow { milestone(.started) }
    // Set by the first lane's task to begin: a subject can stall lanes, never the first start.
    let began = BeganFlag()
    let launch: @Sendable () -> Void = {
      Task {
        await withTaskGroup(of: Void.self) { group in
          for lane in lanes {
            group.addTask {
              began.value.store(true, ordering: .releasing)
              guard let held = objects.value else { return }
              tallies.post(
                await driveTask(held.0, held.1, lane: lane, gate: gate), thread: lane.thread)
            }
          }
        }
        finished.signal()
      }
    }
    // In a worker, the task is created on a thread of its own: where no thread can be had,
    // creating it blocks for ever inside Dispatch (which retries), and the watch below must
    // still be able to say so.
    let watched = taskPoolIsWatched.load(ordering: .relaxed)
    if !watched {
      launch()
    } else if let failure = Platform.startThread(launch) {
      return .harnessFault("cannot start a thread for the tasks: \(failure)")
    }
    if let seconds = spec.bound.seconds {
      Platform.sleep(seconds: seconds)
      gate.stop()
    } else if let deadline = spec.deadline {
      // The cap of a count-bound trial, as the threads driver keeps it: past it, each task stops
      // at its next check. (Uncapped, a quick actor cell ran 8,000 awaited calls, 0.8 s.)
      if finished.wait(timeout: .now() + .nanoseconds(Int(deadline * 1e9))) == .timedOut {
        gate.stop()
      } else {
        finished.signal()
      }
    }
    // Where the concurrency runtime cannot start a thread (a process limit), the task never
    // begins, and the trial would pass for the subject's hang. In a worker, whose task pool
    // nothing else keeps busy, that is a harness failure after five seconds.
    if !watched || finished.wait(timeout: .now() + 5) == .timedOut {
      if watched && !began.value.load(ordering: .acquiring) {
        return .harnessFault(
          "the concurrency runtime started no task within 5 s (a thread limit?)")
      }
      finished.wait()
    }
    let elapsed = Platform.monotonicNanos() - start
    return conclude([subject], tallies: tallies.all, elapsed: elapsed)
  }

  /// One task's operations: the same stream and checks as a thread's, each one awaited.
  @inlinable
  static func driveTask<S: StressSubject, A: AsyncWrapper>(
    _ subject: S, _ wrapper: A, lane: Lane, gate: StartGate
  ) async -> Tally {
    var tally = Tally()
    var random = OperationStream(seed: lane.seed, thread: lane.thread)
    var done = 0
    while done < lane.limit {
      if lane.timed && done & (lane.chunk - 1) == 0 && gate.isStopped { break }
      let draw = random.next()
      if lane.readsOnly || draw < lane.readThreshold {
        let step = Step(thread: lane.thread, seq: tally.reads, random: draw)
        if let problem = await wrapper.read(subject, step) { fail(problem, lane, &tally, gate) }
        tally.reads += 1
      } else {
        await wrapper.write(subject, Step(thread: lane.thread, seq: tally.writes, random: draw))
        tally.writes += 1
      }
      done += 1
    }
    return tally
  }
}

/// Set in worker processes: a tasks trial whose first task never begins is the harness's
/// failure there. (In a test process, other tests may keep the pool busy for a while.)
@usableFromInline package let taskPoolIsWatched = Atomic<Bool>(false)

/// Whether a trial's first task has begun, shared with its tasks.
@usableFromInline final class BeganFlag: Sendable {
  @usableFromInline let value = Atomic<Bool>(false)
  @usableFromInline init() {}
}
