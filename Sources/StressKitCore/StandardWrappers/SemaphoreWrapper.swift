import Dispatch

/// Every operation between `wait` and `signal` on a `DispatchSemaphore(value: 1)`.
@usableFromInline
package final class SemaphoreWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "semaphore", summary: "DispatchSemaphore(value: 1) around every operation")

  @usableFromInline let semaphore = DispatchSemaphore(value: 1)

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    semaphore.wait()
    defer { semaphore.signal() }
    return subject.read(step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    semaphore.wait()
    subject.write(step)
    semaphore.signal()
  }
}
