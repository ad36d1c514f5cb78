import Foundation

/// Every operation under one `NSCondition` taken as a lock: a mutex and a condition variable,
/// what a monitor costs over `NSLock` when nobody waits. (`NSConditionLock`, the Summary's
/// condition lock, crashes whenever a thread has to wait for it in this toolchain's Foundation,
/// swift-corelibs-foundation issue 3223, so it is a subject, `nsconditionlock`, not a wrapper.)
@usableFromInline
package final class ConditionWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "condition", summary: "NSCondition locked around every operation")

  @usableFromInline let condition = NSCondition()

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    condition.lock()
    defer { condition.unlock() }
    return subject.read(step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    condition.lock()
    subject.write(step)
    condition.unlock()
  }
}
