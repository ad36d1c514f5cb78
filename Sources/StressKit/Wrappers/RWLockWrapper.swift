/// A `pthread_rwlock_t`: shared for reads, exclusive for writes.
public final class RWLockWrapper: Wrapper {
  public static let info = WrapperInfo(
    id: "rwlock", summary: "pthread_rwlock: shared reads, exclusive writes")

  @usableFromInline let lock = Platform.ReadWriteLock()

  public init() {}

  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    lock.lockShared()
    defer { lock.unlock() }
    return subject.read(step)
  }

  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    lock.lockExclusive()
    subject.write(step)
    lock.unlock()
  }
}
