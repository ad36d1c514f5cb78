import Synchronization

/// Every operation under one `Synchronization.Mutex`.
@usableFromInline
package final class MutexWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "mutex", summary: "Synchronization.Mutex around every operation")

  @usableFromInline let mutex = Mutex(())

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    mutex.withLock { _ in subject.read(step) }
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    mutex.withLock { _ in subject.write(step) }
  }
}
