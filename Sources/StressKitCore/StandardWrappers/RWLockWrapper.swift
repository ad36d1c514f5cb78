import StressPlatform

/// A `pthread_rwlock_t`: shared for reads, exclusive for writes.
@usableFromInline
package final class RWLockWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "rwlock", summary: "pthread_rwlock: shared reads, exclusive writes", sharesReads: true)

  @usableFromInline let lock = Platform.ReadWriteLock()

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    lock.lockShared()
    defer { lock.unlock() }
    return subject.read(step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    lock.lockExclusive()
    subject.write(step)
    lock.unlock()
  }
}
