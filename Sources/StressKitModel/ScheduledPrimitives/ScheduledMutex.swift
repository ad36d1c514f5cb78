import StressPlatform
import Synchronization

/// A mutex the controlled scheduler sees, with `Synchronization.Mutex`'s shape: it owns the
/// state it guards, reached only inside `withLock`. Under the scheduler, taking and leaving it
/// are points where another thread may run, and a thread waiting for it gives way until it is
/// free. Anywhere else it is a `Mutex`, behind one load of a process-wide count, so a typealias
/// swaps the two (`typealias Mutex = ScheduledMutex` in a test build).
public final class ScheduledMutex<State>: @unchecked Sendable {
  @usableFromInline let base: Mutex<State>
  private let name: String?

  /// A mutex guarding `initialValue`, shown in traces as "mutex 1"... or as `name`.
  public init(_ initialValue: sending State, name: String? = nil) {
    base = Mutex(initialValue)
    self.name = name
  }

  /// Runs `body` with the state, holding the lock, and answers what it answers.
  @inlinable
  public func withLock<Result, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    guard Platform.controlledSchedulersAlive, let seat = seatHere() else {
      return try base.withLock(body)
    }
    controlled(seat, takes: true)
    defer { controlled(seat, takes: false) }
    // Under control only this thread is inside: the real lock is free, and held for the body.
    return try base.withLock(body)
  }

  /// `withLock`, or nil at once if another thread holds the lock.
  @inlinable
  public func withLockIfAvailable<Result, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result? {
    guard Platform.controlledSchedulersAlive, let seat = seatHere() else {
      return try base.withLockIfAvailable(body)
    }
    guard controlledTry(seat) else { return nil }
    defer { controlled(seat, takes: false) }
    return try base.withLockIfAvailable(body)
  }

  // MARK: - While a scheduler is alive

  /// The calling thread's seat, if it is one of a scheduler's threads.
  @usableFromInline
  func seatHere() -> AnyObject? { ControlledScheduler.seat(using: self) }

  @usableFromInline
  func controlled(_ seat: AnyObject, takes: Bool) {
    guard let seat = seat as? ControlledScheduler.Seat else { return }
    if takes {
      seat.lock(self, "mutex", name, as: ControlledMutex.self)
    } else {
      seat.unlock(self, "mutex", name, as: ControlledMutex.self)
    }
  }

  /// Takes the lock if it is free, as a point: whether it did.
  @usableFromInline
  func controlledTry(_ seat: AnyObject) -> Bool {
    guard let seat = seat as? ControlledScheduler.Seat else { return false }
    return seat.tryLock(self, "mutex", name, as: ControlledMutex.self)
  }
}
