import Foundation
import StressPlatform
import Synchronization

/// Releases a trial's threads together, and tells the threads when a timed trial is over.
///
/// The last thread to arrive opens the gate itself, so no wake-up of another thread stands
/// between the release and the first operations. Early arrivals yield while they wait: for a
/// long while when there is a core for each thread (so all start within microseconds and
/// collide), only briefly before parking when threads outnumber cores (so 256 threads on two
/// cores do not burn the cores waiting).
@usableFromInline
final class StartGate: Sendable {
  private let parties: Int
  private let patience: Int
  private let arrived = Atomic<Int>(0)
  private let running = Atomic<Int>(0)
  private let opened = Atomic<Bool>(false)
  @usableFromInline let stopped = Atomic<Bool>(false)
  private let abandoned = Atomic<Bool>(false)
  /// The release time, published before the gate opens so threads can time their failures.
  @usableFromInline let releasedAt = Atomic<UInt64>(0)
  private let openedSignal = DispatchSemaphore(value: 0)
  private let condition = NSCondition()

  @usableFromInline
  init(parties: Int) {
    self.parties = parties
    patience = parties <= Platform.processorCount ? 200_000 : 64
  }

  /// Called by each worker thread; returns when the gate opens. The last arrival runs
  /// `beforeOpening` and then opens the gate: whatever it reports is out before any thread
  /// passes, so a crash in the first operation still finds the release reported.
  @usableFromInline
  func arriveAndWait(beforeOpening: () -> Void = {}) {
    if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
      beforeOpening()
      open()
    } else {
      waitForOpening()
    }
    // With a core per thread, hold on (briefly, without yielding) until every thread is
    // actually running, so they start together instead of one finishing before the next wakes.
    running.add(1, ordering: .acquiringAndReleasing)
    guard parties > 1 && parties <= Platform.processorCount else { return }
    for _ in 0..<200_000 where running.load(ordering: .acquiring) < parties {}
  }

  private func waitForOpening() {
    for _ in 0..<patience {
      if opened.load(ordering: .acquiring) { return }
      Platform.yield()
    }
    condition.lock()
    while !opened.load(ordering: .acquiring) { condition.wait() }
    condition.unlock()
  }

  /// Opens at once, for drivers without a barrier (tasks), after `beforeOpening`; returns the
  /// release time.
  @usableFromInline
  func openNow(beforeOpening: () -> Void = {}) -> UInt64 {
    beforeOpening()
    open()
    return waitUntilOpen()
  }

  private func open() {
    condition.lock()
    releasedAt.store(Platform.monotonicNanos(), ordering: .relaxed)
    opened.store(true, ordering: .releasing)
    condition.broadcast()
    condition.unlock()
    openedSignal.signal()
  }

  /// Waits until the last thread has opened the gate; returns the monotonic release time,
  /// read before any thread could pass, so the timed region covers all work.
  @usableFromInline
  func waitUntilOpen() -> UInt64 {
    openedSignal.wait()
    return releasedAt.load(ordering: .relaxed)
  }

  /// Releases the threads that arrived when the others will never come (a thread could not
  /// be started): they see `isAbandoned` and do no operation, so nothing the subject does
  /// (a deadlock, a crash) can stand in for the harness's failure.
  @usableFromInline
  func abandon() {
    abandoned.store(true, ordering: .releasing)
    stopped.store(true, ordering: .relaxed)
    open()
  }

  /// The trial was given up before it started: a thread must not run it.
  @usableFromInline
  var isAbandoned: Bool { abandoned.load(ordering: .acquiring) }

  /// Tells the threads of a time-bounded trial to finish.
  @usableFromInline
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }

  @inlinable
  var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
