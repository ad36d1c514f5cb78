import Dispatch

/// Every operation through `sync` on one serial `DispatchQueue`.
@usableFromInline
package final class SerialQueueWrapper: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "serial-queue", summary: "DispatchQueue.sync on a serial queue for every operation")

  @usableFromInline let queue = DispatchQueue(label: "stress.serial-queue")

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    queue.sync { subject.read(step) }
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    queue.sync { subject.write(step) }
  }
}
