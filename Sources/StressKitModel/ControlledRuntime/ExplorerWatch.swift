import Dispatch
import StressKitCore
import StressPlatform
import Synchronization

/// What an exploration's own thread is doing, read by the caller waiting for it. The initial
/// and post parts of a schedule, and the one-thread check of a failure, run outside the
/// controlled scheduler, so no scheduler sees one of their calls block; the caller does, and
/// returns a report instead of waiting forever.
final class ExplorerWatch: Sendable {
  /// The scenario and schedule under way, for naming a call that blocks.
  let scenario = Atomic<Int>(0)
  let schedule = Atomic<Int>(0)
  /// The lane and index of the call running outside the scheduler, and since when (monotonic
  /// nanoseconds; 0 while none is).
  let lane = Atomic<Int>(0)
  let index = Atomic<Int>(0)
  let since = Atomic<UInt64>(0)
  /// The failure whose one-thread check is running, if one is: what to report if it blocks.
  let pending = LockedValue<ExplorationResult?>(nil)
  /// Set when the caller has given up on a blocked call: the exploration stops as soon as the
  /// call returns, if it ever does.
  let abandoned = Atomic<Bool>(false)
  private let result = LockedValue<ExplorationResult?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// The lane that stands for a history's check, which runs operations alone too.
  static let checking = -1

  /// Marks the start of call `index` of lane `lane` (or of a check, `checking`).
  func enter(lane: Int, index: Int) {
    self.lane.store(lane, ordering: .relaxed)
    self.index.store(index, ordering: .relaxed)
    since.store(Platform.monotonicNanos(), ordering: .releasing)
  }

  /// Marks its end.
  func leave() {
    since.store(0, ordering: .releasing)
  }

  var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }

  /// The exploration's end, from its own thread.
  func finish(_ result: ExplorationResult) {
    self.result.withLock { $0 = result }
    done.signal()
  }

  /// Waits for the result; every 50 ms, asks `blocked` whether a call has run too long, and
  /// returns its report if it has (the exploration is abandoned).
  func wait(blocked: () -> ExplorationResult?) -> ExplorationResult? {
    while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
      if let report = blocked() {
        abandoned.store(true, ordering: .relaxed)
        return report
      }
    }
    return result.withLock { $0 }
  }
}
