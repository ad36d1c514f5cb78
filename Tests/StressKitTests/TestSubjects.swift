import StressKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A counter whose increment is a load, a yield, then a store: the window between check and
/// act is wide open, so any wrapper that lets two writers overlap loses increments.
final class WideWindowCounter: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-wide-window-counter", summary: "test: load, yield, store", documented: .notListed,
    traits: [.hidden])

  private var value = 0

  init(shape: TrialShape) {}

  func write(_ step: Step) {
    let seen = value
    sched_yield()
    value = seen + 1
  }

  /// Two loads with a yield between: equal unless a writer got in, which a wrapper that
  /// protects reads must prevent.
  func read(_ step: Step) -> String? {
    let first = value
    sched_yield()
    let second = value
    return first == second ? nil : "counter moved from \(first) to \(second) during a read"
  }

  func check(writesPerThread: [Int]) -> Violations {
    var v = Violations()
    let expected = writesPerThread.reduce(0, +)
    v.add(count: abs(expected - value), "counter \(value), expected \(expected)")
    return v
  }
}

extension Catalog {
  static var forTests: Catalog {
    var catalog = Catalog.standard
    catalog.add(WideWindowCounter.self)
    catalog.add(StrideWitness.self)
    catalog.add(ReleaseWitness.self)
    catalog.add(SmallStateWitness.self)
    catalog.add(SlowToMake.self)
    catalog.add(SlowToWrite.self)
    catalog.add(DeinitWitness.self)
    catalog.add(LateThread.self)
    return catalog
  }
}

/// Witnesses strides: each write checks that every other thread has reached the last
/// checkpoint this thread passed. With `stride` checkpoints that always holds; without them, a
/// thread that runs ahead sees the others behind.
final class StrideWitness: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-stride-witness", summary: "test: threads stay within a stride",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  static let stride = 25

  final class Progress: Sendable {
    let value = Atomic(0)
  }

  private let done: [Progress]

  init(shape: TrialShape) {
    done = (0..<shape.threads).map { _ in Progress() }
  }

  func write(_ step: Step) {
    let reached = step.seq / Self.stride * Self.stride
    for (thread, count) in done.enumerated() where thread != step.thread {
      if count.value.load(ordering: .acquiring) < reached { behind.add(1, ordering: .relaxed) }
    }
    done[step.thread].value.store(step.seq + 1, ordering: .releasing)
  }

  private let behind = Atomic(0)

  func read(_ step: Step) -> String? { nil }

  func check(writesPerThread: [Int]) -> Violations {
    var v = Violations()
    let n = behind.load(ordering: .relaxed)
    v.add(count: n, "\(n) writes saw another thread behind the last checkpoint")
    return v
  }
}

/// Witnesses the release report: every read fails unless the trial's `started` milestone was
/// reported before it ran. The parent times a crash from that report, so it must come before
/// any operation that could crash. Skips the sanity pass, which reports no milestones.
final class ReleaseWitness: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-release-witness", summary: "test: operations run after the release is reported",
    documented: .notListed, traits: [.readOnly, .hidden, .failsAlone])

  /// Set by the test's milestone closure; only the one test that uses this subject touches it.
  static let reported = Atomic(false)

  init(shape: TrialShape) {}

  func write(_ step: Step) {}

  func read(_ step: Step) -> String? {
    Self.reported.load(ordering: .acquiring) ? nil : "ran before the release was reported"
  }

  func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Fails its end-state check on any instance that took fewer than 100 writes, and never
/// otherwise: the detection burst's small instances each fail, the measured loop's does not.
/// Deterministic, so a test can count what the burst ran without waiting on a race.
final class SmallStateWitness: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-small-state-witness", summary: "test: fails on instances of fewer than 100 writes",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  private let writes = Atomic<Int>(0)

  init(shape: TrialShape) {}

  func write(_ step: Step) { writes.add(1, ordering: .relaxed) }

  func read(_ step: Step) -> String? { nil }

  func check(writesPerThread: [Int]) -> Violations {
    var v = Violations()
    let n = writes.load(ordering: .relaxed)
    if n < 100 { v.add("only \(n) writes") }
    return v
  }
}

/// Takes a millisecond to make: a burst of 128 of these cannot all be made within its deadline.
final class SlowToMake: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-slow-to-make", summary: "test: 1 ms to make", documented: .notListed,
    defaultReadRatio: 0, traits: [.hidden])

  init(shape: TrialShape) { usleep(1_000) }
  func write(_ step: Step) {}
  func read(_ step: Step) -> String? { nil }
  func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Takes a millisecond a write: a burst of 128 x 16 of these outlasts its deadline.
final class SlowToWrite: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-slow-to-write", summary: "test: 1 ms a write", documented: .notListed,
    defaultReadRatio: 0, traits: [.hidden])

  init(shape: TrialShape) {}
  func write(_ step: Step) { usleep(1_000) }
  func read(_ step: Step) -> String? { nil }
  func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Witnesses where a trial lets go of its subjects: each instance's deinit records its thread.
/// A trial's subjects must die inside it, on the thread that ran it: a deinit on a trial thread
/// after the trial ended is where a race's damage could crash the worker's next trial.
final class DeinitWitness: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-deinit-witness", summary: "test: records the thread of its deinit",
    documented: .notListed, traits: [.hidden])

  /// The threads deinits ran on, since the last reset.
  static let threads = Mutex<[pthread_t]>([])

  init(shape: TrialShape) {}
  deinit { Self.threads.withLock { $0.append(pthread_self()) } }

  func write(_ step: Step) {}
  func read(_ step: Step) -> String? { nil }
  func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Thread 1's first operation sleeps 0.2 s; every other returns at once: a trial whose threads
/// end far apart, as a straggler's do.
final class LateThread: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-late-thread", summary: "test: thread 1 starts 0.2 s late", documented: .notListed,
    defaultReadRatio: 0, traits: [.hidden])

  init(shape: TrialShape) {}

  func write(_ step: Step) {
    if step.thread == 1 && step.seq == 0 { usleep(200_000) }
  }

  func read(_ step: Step) -> String? { nil }
  func check(writesPerThread: [Int]) -> Violations { Violations() }
}
