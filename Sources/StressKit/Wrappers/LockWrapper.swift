import Foundation

/// Every operation under one `NSLock` (a pthread mutex on Linux).
public final class LockWrapper: Wrapper {
  public static let info = WrapperInfo(id: "lock", summary: "NSLock around every operation")

  @usableFromInline let lock = NSLock()

  public init() {}

  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return subject.read(step)
  }

  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    lock.lock()
    subject.write(step)
    lock.unlock()
  }
}
