import Foundation

/// Every operation under one `NSRecursiveLock`: what code that may re-enter its own lock uses,
/// at the price of an owner check on every lock (the Summary lists it as thread-safe).
@usableFromInline
package final class RecursiveLockWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "recursive-lock", summary: "NSRecursiveLock around every operation")

  @usableFromInline let lock = NSRecursiveLock()

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return subject.read(step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    lock.lock()
    subject.write(step)
    lock.unlock()
  }
}
