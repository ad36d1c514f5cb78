import Foundation

/// A value behind an `NSLock`, for what the explorer's watcher and the controlled threads
/// share. Not `Synchronization.Mutex`: on Linux it is built on futex(2), which ThreadSanitizer
/// does not model, so the harness's own race check (`scripts/sanitize.sh`) reported the
/// accesses it orders as races.
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
