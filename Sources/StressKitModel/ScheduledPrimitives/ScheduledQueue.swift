import Foundation
import StressPlatform

/// A serial queue's `sync` as the controlled scheduler sees it: under it, entering and leaving
/// are points, and a thread waits its turn as it would for a lock (a serial queue runs one
/// block at a time, and `sync` runs it on the caller's thread). Anywhere else it is mutual
/// exclusion on the caller's thread. Shares `DispatchQueue`'s shape for `init(label:)` and
/// `sync(execute:)`, so a typealias swaps the two.
public final class ScheduledQueue: @unchecked Sendable {
  @usableFromInline let base = NSLock()
  /// The queue's label, which traces show.
  public let label: String

  /// A serial queue called `label`.
  public init(label: String) { self.label = label }

  /// Runs `work` alone, as a serial queue's `sync` does, and answers what it answers. Its fast
  /// path inlines into the caller: outside a controlled run, one relaxed load more than a lock.
  @inlinable
  public func sync<T>(execute work: () throws -> T) rethrows -> T {
    guard Platform.controlledSchedulersAlive else {
      base.lock()
      defer { base.unlock() }
      return try work()
    }
    controlled(enters: true)
    defer { controlled(enters: false) }
    return try work()
  }

  /// Entering or leaving while a scheduler is alive: a point of the calling thread's schedule,
  /// or the plain lock on a thread that is none of its own.
  @usableFromInline
  func controlled(enters: Bool) {
    guard let seat = ControlledScheduler.seat.value else {
      return enters ? base.lock() : base.unlock()
    }
    if enters {
      seat.lock(self, "queue", label, as: ControlledMutex.self)
    } else {
      seat.unlock(self, "queue", label, as: ControlledMutex.self)
    }
  }
}
