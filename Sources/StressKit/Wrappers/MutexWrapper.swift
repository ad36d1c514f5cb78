import Synchronization

/// Every operation under one `Synchronization.Mutex`.
public final class MutexWrapper: Wrapper {
  public static let info = WrapperInfo(
    id: "mutex", summary: "Synchronization.Mutex around every operation")

  @usableFromInline let mutex = Mutex(())

  public init() {}

  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    mutex.withLock { _ in subject.read(step) }
  }

  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    mutex.withLock { _ in subject.write(step) }
  }
}
