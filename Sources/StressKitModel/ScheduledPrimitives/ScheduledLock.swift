import Foundation
import StressKitCore

/// A lock the controlled scheduler sees (`ModelTest.explore`): under it, `lock()` and
/// `unlock()` are points where another thread may run, and a thread waiting for the lock
/// gives way until it is released. Anywhere else it is a plain `NSLock`, behind one load of a
/// process-wide count.
public final class ScheduledLock: LockPrimitive, @unchecked Sendable {
  private let base = NSLock()
  private let name: String?

  /// An unlocked lock, shown in traces as "lock 1", "lock 2"... in the order of first use.
  public init() { name = nil }

  /// An unlocked lock shown in traces as `name`.
  public init(name: String) { self.name = name }

  /// Takes the lock, waiting while another thread holds it.
  @inline(__always)
  public func lock() {
    if let seat = ControlledScheduler.currentSeat {
      return seat.lock(self, "lock", name, as: ControlledMutex.self)
    }
    base.lock()
  }

  /// Releases the lock.
  @inline(__always)
  public func unlock() {
    if let seat = ControlledScheduler.currentSeat {
      return seat.unlock(self, "lock", name, as: ControlledMutex.self)
    }
    base.unlock()
  }

  /// Runs `body` holding the lock.
  @inline(__always)
  public func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}
