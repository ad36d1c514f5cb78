import Foundation

/// A serial queue's `sync` as the controlled scheduler sees it: under it, entering and leaving
/// are points, and a thread waits its turn as it would for a lock (a serial queue runs one
/// block at a time, and `sync` runs it on the caller's thread). Anywhere else it is mutual
/// exclusion on the caller's thread. Shares `DispatchQueue`'s shape for `init(label:)` and
/// `sync(execute:)`, so a typealias swaps the two.
public final class ScheduledQueue: @unchecked Sendable {
  private let base = NSLock()
  /// The queue's label, which traces show.
  public let label: String

  /// A serial queue called `label`.
  public init(label: String) { self.label = label }

  /// Runs `work` alone, as a serial queue's `sync` does, and answers what it answers.
  @inline(__always)
  public func sync<T>(execute work: () throws -> T) rethrows -> T {
    if let seat = ControlledScheduler.currentSeat {
      seat.lock(self, "queue", label, as: ControlledMutex.self)
      defer { seat.unlock(self, "queue", label, as: ControlledMutex.self) }
      return try work()
    }
    base.lock()
    defer { base.unlock() }
    return try work()
  }
}
