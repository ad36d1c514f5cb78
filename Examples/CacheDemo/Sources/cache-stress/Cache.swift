import Foundation

/// What the tests need of a cache: both caches below have it.
protocol KeyedCache: AnyObject, Sendable {
  init()
  func value(forKey key: Int) -> Int?
  func value(forKey key: Int, create: () -> Int) -> Int
}

/// A small thread-safe cache, as apps write them: every method takes the lock. Yet
/// `value(forKey:create:)` checks, then acts, under two separate acquisitions: two threads
/// missing the same key both create a value, and they are handed different ones.
final class Cache<Value>: @unchecked Sendable {
  init() {}

  private let lock = NSLock()
  private var storage: [Int: Value] = [:]

  func value(forKey key: Int) -> Value? {
    lock.withLock { storage[key] }
  }

  func setValue(_ value: Value, forKey key: Int) {
    lock.withLock { storage[key] = value }
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
final class FixedCache<Value>: @unchecked Sendable {
  init() {}

  private let lock = NSLock()
  private var storage: [Int: Value] = [:]

  func value(forKey key: Int) -> Value? {
    lock.withLock { storage[key] }
  }

  func value(forKey key: Int, create: () -> Value) -> Value {
    lock.withLock {
      if let cached = storage[key] { return cached }
      let made = create()
      storage[key] = made
      return made
    }
  }
}

extension Cache<Int>: KeyedCache {}
extension FixedCache<Int>: KeyedCache {}
