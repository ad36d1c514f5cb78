import Foundation

/// A condition the controlled scheduler sees, with `NSCondition`'s shape (its own lock,
/// `wait`, `signal`, `broadcast`), so a typealias swaps the two. Under the scheduler a waiting
/// thread gives way until signaled (a timed wait may also time out, where the scheduler
/// chooses), and a signal wakes the longest waiter. Anywhere else it is an `NSCondition`.
public final class ScheduledCondition: @unchecked Sendable {
  private let base = NSCondition()
  private let name: String?

  /// A condition shown in traces as "condition 1"... or as `name`.
  public init(name: String? = nil) { self.name = name }

  @inline(__always)
  private var seat: ControlledScheduler.Seat? {
    ControlledScheduler.currentSeat
  }

  /// Takes the condition's lock.
  public func lock() {
    if let seat { return seat.scheduler.lock(seat.thread, self, kind: "condition", name: name) }
    base.lock()
  }

  /// Releases the condition's lock.
  public func unlock() {
    if let seat { return seat.scheduler.unlock(seat.thread, self, kind: "condition", name: name) }
    base.unlock()
  }

  /// Releases the lock, waits for a signal, and takes the lock again.
  public func wait() {
    if let seat {
      _ = seat.scheduler.wait(seat.thread, self, timed: false, name: name)
      return
    }
    base.wait()
  }

  /// `wait()` until `limit` at the latest: whether a signal came first.
  public func wait(until limit: Date) -> Bool {
    if let seat { return seat.scheduler.wait(seat.thread, self, timed: true, name: name) }
    return base.wait(until: limit)
  }

  /// Wakes one waiting thread.
  public func signal() {
    if let seat { return seat.scheduler.signal(seat.thread, self, all: false, name: name) }
    base.signal()
  }

  /// Wakes every waiting thread.
  public func broadcast() {
    if let seat { return seat.scheduler.signal(seat.thread, self, all: true, name: name) }
    base.broadcast()
  }
}
