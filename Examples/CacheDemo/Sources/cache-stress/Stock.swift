import StressKit

/// Stock as Swift 6 code keeps it: in a mutex that owns it (`Synchronization.Mutex`'s shape).
/// `ScheduledMutex` is a `Mutex` outside a controlled run, so the type keeps it in production.
/// Yet `reserve` checks what is left, then takes it, in two sections: two reservations that
/// each fit both succeed, and the stock goes below zero.
final class Stock: Sendable {
  private let units = ScheduledMutex(3)

  var left: Int { units.withLock { $0 } }

  func restock(_ n: Int) { units.withLock { $0 += n } }

  /// The bug: the check and the take are not one section.
  func reserve(_ n: Int) -> Bool {
    guard left >= n else { return false }
    units.withLock { $0 -= n }
    return true
  }
}

/// The fix: check and take in one section.
final class FixedStock: Sendable {
  private let units = ScheduledMutex(3)

  var left: Int { units.withLock { $0 } }

  func restock(_ n: Int) { units.withLock { $0 += n } }

  func reserve(_ n: Int) -> Bool {
    units.withLock { units in
      guard units >= n else { return false }
      units -= n
      return true
    }
  }
}
