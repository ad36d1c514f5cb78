import StressKit

/// Ticket numbers from an atomic counter (`Synchronization.Atomic`'s shape). `next` loads the
/// counter, then stores one more: two callers can both read the same number.
final class Tickets: Sendable {
  private let counter = ScheduledAtomic<Int>(1)

  func next() -> Int {
    let number = counter.load(ordering: .relaxed)
    counter.store(number + 1, ordering: .relaxed)
    return number
  }
}

/// The fix: one atomic add hands out each number once.
final class FixedTickets: Sendable {
  private let counter = ScheduledAtomic<Int>(1)

  func next() -> Int { counter.wrappingAdd(1, ordering: .relaxed).oldValue }
}
