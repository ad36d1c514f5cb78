import Foundation
import StressKit

/// What the tests need of a cache: both caches below have it.
protocol KeyedCache: AnyObject, Sendable {
  func value(forKey key: Int) -> Int?
  func value(forKey key: Int, create: () -> Int) -> Int
}

/// A small thread-safe cache, as apps write them: every method takes the lock. Yet
/// `value(forKey:create:)` checks, then acts, under two separate acquisitions: two threads
/// missing the same key both create a value, and they are handed different ones.
///
/// Its lock is a type parameter: an `NSLock` in the app, a `ScheduledLock` under the
/// controlled scheduler's tests (`ScheduledTests.swift`).
final class Cache<Value, Lock: LockPrimitive>: @unchecked Sendable {
  init(lock: Lock) { self.lock = lock }

  private let lock: Lock
  private var storage: [Int: Value] = [:]

  func value(forKey key: Int) -> Value? {
    lock.locked { storage[key] }
  }

  func setValue(_ value: Value, forKey key: Int) {
    lock.locked { storage[key] = value }
  }

  /// The bug: the check and the insert are not one critical section.
  func value(forKey key: Int, create: () -> Value) -> Value {
    if let cached = value(forKey: key) { return cached }
    let made = create()
    setValue(made, forKey: key)
    return made
  }
}

/// The fix: check and insert under one acquisition.
final class FixedCache<Value, Lock: LockPrimitive>: @unchecked Sendable {
  init(lock: Lock) { self.lock = lock }

  private let lock: Lock
  private var storage: [Int: Value] = [:]

  func value(forKey key: Int) -> Value? {
    lock.locked { storage[key] }
  }

  func value(forKey key: Int, create: () -> Value) -> Value {
    lock.locked {
      if let cached = storage[key] { return cached }
      let made = create()
      storage[key] = made
      return made
    }
  }
}

extension Cache: KeyedCache where Value == Int {}
extension FixedCache: KeyedCache where Value == Int {}
