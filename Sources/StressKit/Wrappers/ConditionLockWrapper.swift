import Foundation

/// Every operation under one `NSConditionLock`, taken when its condition is 0 and given back
/// with 0: the Summary's condition lock used as a plain one, which measures what its condition
/// (a mutex and a condition variable on Linux) costs over `NSLock`.
public final class ConditionLockWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  public static let info = WrapperInfo(
    id: "condition-lock",
    summary:
      "NSConditionLock around every operation (lock(whenCondition: 0), unlock(withCondition: 0))")

  @usableFromInline let lock = NSConditionLock(condition: 0)

  /// A fresh wrapper, one per trial.
  public init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    lock.lock(whenCondition: 0)
    defer { lock.unlock(withCondition: 0) }
    return subject.read(step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    lock.lock(whenCondition: 0)
    subject.write(step)
    lock.unlock(withCondition: 0)
  }
}
