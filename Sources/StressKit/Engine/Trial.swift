import Foundation

/// Runs one trial in this process: fresh subject and wrapper, N dedicated threads released
/// together, a seeded operation stream per thread, then the end-state check.
///
/// No crash isolation here: the scheduler runs this inside a worker process.
public enum Trial {
  /// Operations in the single-threaded sanity pass that precedes every trial.
  static let sanityOps = 500

  /// Resolves the spec's ids in `catalog` and runs it; `sane` is called once the
  /// single-threaded sanity pass has succeeded, before the measured trial.
  public static func run(
    _ spec: TrialSpec, catalog: Catalog, sane: () -> Void = {}
  ) -> TrialResult {
    guard let subject = catalog.subject(spec.subject) else {
      return .harnessFault("unknown subject '\(spec.subject)'")
    }
    guard let wrapper = catalog.wrapper(spec.wrapper) else {
      return .harnessFault("unknown wrapper '\(spec.wrapper)'")
    }
    return run(spec, subject, wrapper, sane: sane)
  }

  static func run<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _ subject: S.Type, _ wrapper: W.Type, sane: () -> Void
  ) -> TrialResult {
    guard spec.threads >= 1 else { return .harnessFault("threads must be at least 1") }
    // A subject that fails alone is broken, not a finding: tell the two apart first.
    var sanity = spec
    sanity.threads = 1
    sanity.bound = .ops(min(sanityOps, spec.bound.opsPerThread ?? sanityOps))
    let alone = measure(sanity, S.self, W.self)
    guard alone.outcome == .ok else {
      return TrialResult(
        outcome: .error, failures: alone.failures,
        detail: "fails single-threaded (broken subject): \(alone.detail)")
    }
    sane()
    var result = measure(spec, S.self, W.self)
    if spec.threads == 1 && result.outcome != .ok {
      result.outcome = .error
      result.detail = "fails single-threaded (broken subject): \(result.detail)"
    }
    return result
  }

  static func measure<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _: S.Type, _: W.Type
  ) -> TrialResult {
    let readsOnly = S.info.readOnly || spec.readRatio >= 1
    let shape = TrialShape(threads: spec.threads, opsPerThread: spec.bound.opsPerThread)
    let subject = S(shape: shape)
    let wrapper = W()
    let gate = StartGate(parties: spec.threads)
    let tallies = TallyBoard(threads: spec.threads)
    let done = DispatchGroup()
    let threshold = readsOnly ? UInt64.max : UInt64(max(0, spec.readRatio) * 0x1p64)

    for index in 0..<spec.threads {
      done.enter()
      let thread = Thread {
        var tally = Tally()
        var random = SplitMix64(seed: spec.seed, stream: index)
        gate.arriveAndWait()
        drive(
          subject, wrapper, thread: index, bound: spec.bound, readsOnly: readsOnly,
          threshold: threshold, random: &random, tally: &tally, gate: gate)
        tallies.post(tally, thread: index)
        done.leave()
      }
      thread.start()
    }

    let start = gate.openWhenAllArrived()
    if let seconds = spec.bound.seconds {
      // Sleep in the main thread while the workers run; they poll the flag, not the clock.
      Platform.sleep(seconds: seconds)
      gate.stop()
    }
    done.wait()
    wrapper.drain()
    let seconds = Double(Platform.monotonicNanos() - start) / 1e9

    let all = tallies.all
    var violations = Violations()
    for tally in all { violations.merge(tally.violations) }
    let endState = subject.check(writesPerThread: all.map(\.writes))
    let failures = violations.count + endState.count
    let detail = violations.first ?? endState.first.map { "end state: \($0)" } ?? ""
    let reads = all.reduce(0) { $0 + $1.reads }
    let writes = all.reduce(0) { $0 + $1.writes }
    return TrialResult(
      outcome: failures == 0 ? .ok : .corrupt, failures: failures, ops: reads + writes,
      reads: reads, writes: writes, seconds: seconds, detail: detail)
  }

  /// The per-operation loop: no allocation, no clock read, no shared counter.
  @inline(__always)
  static func drive<S: StressSubject, W: Wrapper>(
    _ subject: S, _ wrapper: W, thread: Int, bound: Bound, readsOnly: Bool, threshold: UInt64,
    random: inout SplitMix64, tally: inout Tally, gate: StartGate
  ) {
    let limit = bound.opsPerThread ?? Int.max
    var done = 0
    while done < limit {
      if bound.seconds != nil && done & 63 == 0 && gate.isStopped { break }
      let draw = random.next()
      if readsOnly || draw < threshold {
        let step = Step(thread: thread, seq: tally.reads, random: random.next())
        if let problem = wrapper.read(subject, step) {
          tally.violations.add("read by thread \(thread): \(problem)")
        }
        tally.reads += 1
      } else {
        wrapper.write(subject, Step(thread: thread, seq: tally.writes, random: random.next()))
        tally.writes += 1
      }
      done += 1
    }
  }
}
