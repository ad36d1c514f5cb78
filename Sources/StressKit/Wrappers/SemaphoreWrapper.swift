import Dispatch

/// Every operation between `wait` and `signal` on a `DispatchSemaphore(value: 1)`.
public final class SemaphoreWrapper: Wrapper {
  public static let info = WrapperInfo(
    id: "semaphore", summary: "DispatchSemaphore(value: 1) around every operation")

  @usableFromInline let semaphore = DispatchSemaphore(value: 1)

  public init() {}

  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    semaphore.wait()
    defer { semaphore.signal() }
    return subject.read(step)
  }

  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    semaphore.wait()
    subject.write(step)
    semaphore.signal()
  }
}
