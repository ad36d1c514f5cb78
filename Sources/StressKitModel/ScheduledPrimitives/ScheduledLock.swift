import Foundation
import StressKitCore
import StressPlatform

/// A lock the controlled scheduler sees (`ModelTest.explore`): under it, `lock()` and
/// `unlock()` are points where another thread may run, and a thread waiting for the lock
/// gives way until it is released. Anywhere else it is a plain `NSLock`, behind one load of a
/// process-wide count.
public final class ScheduledLock: LockPrimitive, @unchecked Sendable {
  @usableFromInline let base = NSLock()
  private let name: String?

  /// An unlocked lock, shown in traces as "lock 1", "lock 2"... in the order of first use.
  public init() { name = nil }

  /// An unlocked lock shown in traces as `name`.
  public init(name: String) { self.name = name }

  // The fast path inlines into the caller: outside a controlled run, a lock costs one relaxed
  // load more than the `NSLock` it stands for.

  /// Takes the lock, waiting while another thread holds it.
  @inlinable
  public func lock() {
    guard Platform.controlledSchedulersAlive else { return base.lock() }
    controlled(locks: true)
  }

  /// Releases the lock.
  @inlinable
  public func unlock() {
    guard Platform.controlledSchedulersAlive else { return base.unlock() }
    controlled(locks: false)
  }

  /// Runs `body` holding the lock.
  @inlinable
  public func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }

  /// A lock or an unlock while a scheduler is alive: a point of the calling thread's schedule,
  /// or the plain lock on a thread that is none of its own.
  @usableFromInline
  func controlled(locks: Bool) {
    guard let seat = ControlledScheduler.seat(using: self) else {
      return locks ? base.lock() : base.unlock()
    }
    if locks {
      seat.lock(self, "lock", name, as: ControlledMutex.self)
    } else {
      seat.unlock(self, "lock", name, as: ControlledMutex.self)
    }
  }
}
