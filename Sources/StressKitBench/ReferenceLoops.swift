import Foundation
import StressKitCore
import StressPlatform
import Synchronization

/// Bare loops doing what the harness's cheapest cells do, with nothing else around them: the
/// yardstick for the harness's own per-operation overhead. Each returns nanoseconds per
/// operation.
package enum ReferenceLoops {
  /// A counter in a class, as `counter` keeps it.
  final class Box: @unchecked Sendable {
    // As in `counter`: no dynamic exclusivity check, which is per thread and catches no race.
    @exclusivity(unchecked) var value = 0
  }

  /// An empty loop: each iteration calls a function that does nothing but cannot be seen
  /// through (a truly empty loop is deleted by the optimizer and measures nothing).
  @inline(never)
  package static func empty(ops: Int) -> Double {
    let start = Platform.monotonicNanos()
    for i in 0..<ops { nothing(i) }
    return Double(Platform.monotonicNanos() - start) / Double(ops)
  }

  @_optimize(none)
  @inline(never)
  static func nothing(_ i: Int) {}

  /// A counter guarded by a lock, the way it is written in practice: the lock a stored
  /// property beside the value.
  final class Guarded<Lock: LockPrimitive>: @unchecked Sendable {
    let lock: Lock
    @exclusivity(unchecked) var value = 0
    init(_ lock: Lock) { self.lock = lock }
  }

  /// `NSLock` lock, increment, unlock, on a lock held in a property (as code holds it; a
  /// local `NSLock` lets the optimizer skip the dynamic call a stored one needs).
  @inline(never)
  package static func nsLock(ops: Int) -> Double { locked(NSLock(), ops: ops) }

  /// Lock, increment, unlock on `lock`, held in a property; ns per operation.
  @inline(never)
  static func locked<Lock: LockPrimitive>(_ lock: Lock, ops: Int) -> Double {
    let guarded = Guarded(lock)
    let start = Platform.monotonicNanos()
    for _ in 0..<ops {
      guarded.lock.lock()
      guarded.value &+= 1
      guarded.lock.unlock()
    }
    let elapsed = Platform.monotonicNanos() - start
    keep(UInt64(truncatingIfNeeded: guarded.value))
    return Double(elapsed) / Double(ops)
  }

  /// `Mutex.withLock` around an increment.
  @inline(never)
  package static func mutex(ops: Int) -> Double {
    let mutex = Mutex(0)
    let start = Platform.monotonicNanos()
    for _ in 0..<ops { mutex.withLock { $0 &+= 1 } }
    let elapsed = Platform.monotonicNanos() - start
    keep(UInt64(truncatingIfNeeded: mutex.withLock { $0 }))
    return Double(elapsed) / Double(ops)
  }

  /// Makes a result observable so the loop that produced it is not removed.
  @inline(never)
  static func keep(_ value: UInt64) {
    if value == 0x5EED_5EED_5EED_5EED { print("") }
  }
}
