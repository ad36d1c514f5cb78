import Foundation
import Synchronization

/// Releases a trial's threads together, and tells the threads when a timed trial is over.
///
/// Threads that arrive early yield a few times, then park on a condition, so that 256 threads
/// on two cores do not burn the cores waiting for each other.
@usableFromInline
final class StartGate: Sendable {
  private let parties: Int
  private let arrived = Atomic<Int>(0)
  private let opened = Atomic<Bool>(false)
  @usableFromInline let stopped = Atomic<Bool>(false)
  /// The release time, published before the gate opens so threads can time their failures.
  @usableFromInline let releasedAt = Atomic<UInt64>(0)
  private let allArrived = DispatchSemaphore(value: 0)
  private let condition = NSCondition()

  @usableFromInline
  init(parties: Int) {
    self.parties = parties
  }

  /// Called by each worker thread; returns when the gate opens.
  @usableFromInline
  func arriveAndWait() {
    if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
      allArrived.signal()
    }
    for _ in 0..<64 {
      if opened.load(ordering: .acquiring) { return }
      Platform.yield()
    }
    condition.lock()
    while !opened.load(ordering: .acquiring) { condition.wait() }
    condition.unlock()
  }

  /// Waits for every thread to arrive, then releases them all at once. Returns the monotonic
  /// time of the release, read before any thread can pass, so the timed region covers all work.
  @usableFromInline
  func openWhenAllArrived() -> UInt64 {
    allArrived.wait()
    condition.lock()
    let released = Platform.monotonicNanos()
    releasedAt.store(released, ordering: .relaxed)
    opened.store(true, ordering: .releasing)
    condition.broadcast()
    condition.unlock()
    return released
  }

  /// Tells the threads of a time-bounded trial to finish.
  @usableFromInline
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }

  @inlinable
  var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
