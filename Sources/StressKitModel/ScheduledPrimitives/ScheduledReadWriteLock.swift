import StressPlatform

/// A reader-writer lock the controlled scheduler sees (`pthread_rwlock_t`'s shape: many
/// readers or one writer). Under the scheduler, taking it is a point where another thread may
/// run, a reader waits while a writer holds it and a writer while anyone does; releasing a
/// write lock passes what the writer did to every later holder. Anywhere else it is a
/// `pthread_rwlock_t`, behind one load of a process-wide count.
public final class ScheduledReadWriteLock: @unchecked Sendable {
  @usableFromInline let base = Platform.ReadWriteLock()
  private let name: String?

  /// An unlocked lock, shown in traces as "rwlock 1"... or as `name`.
  public init(name: String? = nil) { self.name = name }

  /// Takes it to read, waiting while a writer holds it.
  @inlinable
  public func readLock() {
    guard Platform.controlledSchedulersAlive else { return base.lockShared() }
    controlled(.read)
  }

  /// Takes it to write, waiting while anyone holds it.
  @inlinable
  public func writeLock() {
    guard Platform.controlledSchedulersAlive else { return base.lockExclusive() }
    controlled(.write)
  }

  /// Releases it, read or write.
  @inlinable
  public func unlock() {
    guard Platform.controlledSchedulersAlive else { return base.unlock() }
    controlled(.unlock)
  }

  /// Runs `body` holding it to read.
  @inlinable
  public func withReadLock<R>(_ body: () throws -> R) rethrows -> R {
    readLock()
    defer { unlock() }
    return try body()
  }

  /// Runs `body` holding it to write.
  @inlinable
  public func withWriteLock<R>(_ body: () throws -> R) rethrows -> R {
    writeLock()
    defer { unlock() }
    return try body()
  }

  @usableFromInline
  enum Use {
    case read
    case write
    case unlock
  }

  /// While a scheduler is alive: on one of its threads, a point (before a take) and the
  /// lock's state; on any other thread, the plain lock.
  @usableFromInline
  func controlled(_ use: Use) {
    guard let seat = ControlledScheduler.seat(using: self) else {
      switch use {
      case .read: return base.lockShared()
      case .write: return base.lockExclusive()
      case .unlock: return base.unlock()
      }
    }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    if use != .unlock { scheduler.point(me) }
    let (state, number) = scheduler.state(
      self, "rwlock", name, as: ControlledReadWriteLock.self)
    switch use {
    case .read:
      state.acquire(me, writes: false, on: scheduler)
      scheduler.record(me, number, .call("readLock"))
    case .write:
      state.acquire(me, writes: true, on: scheduler)
      scheduler.record(me, number, .call("writeLock"))
    case .unlock:
      state.release(me, on: scheduler)
      scheduler.record(me, number, .call("unlock"))
    }
  }
}
