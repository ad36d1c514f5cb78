import Foundation

/// A lock a type under test takes through a type parameter, so that its production build keeps
/// `NSLock` and its tests can hand it a `ScheduledLock`, whose every `lock()` and `unlock()`
/// the controlled scheduler can switch threads at:
///
/// ```swift
/// final class Cache<Lock: LockPrimitive> {
///   private let lock: Lock
///   init(lock: Lock) { self.lock = lock }
/// }
/// let production = Cache(lock: NSLock())
/// let underTest = Cache(lock: ScheduledLock())  // in ModelTest.make(), for explore(...)
/// ```
///
/// A typealias chosen by a build flag does the same without a type parameter; so do
/// `ScheduledQueue` for `DispatchQueue`, `ScheduledCondition` for `NSCondition` and
/// `ScheduledAtomicInt` for an `Atomic<Int>`, which share their shapes.
public protocol LockPrimitive: AnyObject, Sendable {
  /// Takes the lock, waiting while another thread holds it.
  func lock()
  /// Releases the lock.
  func unlock()
}

extension LockPrimitive {
  /// Runs `body` holding the lock.
  @inlinable
  public func locked<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}

extension NSLock: LockPrimitive {}
