import Dispatch

/// Every operation through `sync` on one serial `DispatchQueue`.
public final class SerialQueueWrapper: Wrapper {
  public static let info = WrapperInfo(
    id: "serial-queue", summary: "DispatchQueue.sync on a serial queue for every operation")

  @usableFromInline let queue = DispatchQueue(label: "stress.serial-queue")

  public init() {}

  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    queue.sync { subject.read(step) }
  }

  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    queue.sync { subject.write(step) }
  }
}
