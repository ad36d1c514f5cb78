import Synchronization

/// Every operation under one `Synchronization.Mutex`.
public final class MutexWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  public static let info = WrapperInfo(
    id: "mutex", summary: "Synchronization.Mutex around every operation")

  @usableFromInline let mutex = Mutex(())

  /// A fresh wrapper, one per trial.
  public init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    mutex.withLock { _ in subject.read(step) }
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    mutex.withLock { _ in subject.write(step) }
  }
}
