import Foundation
import StressPlatform
import Synchronization

/// A value built once, on first use, whatever threads ask at once (what a `static let` or a
/// `dispatch_once` gives), which the controlled scheduler sees: under it, the first to ask is a
/// point and builds the value (its own points interleave), and every other asker gives way
/// until it is built. A builder that asks for its own value deadlocks, and is reported so.
/// Anywhere else, one acquiring load once built.
public final class ScheduledLazy<Value>: @unchecked Sendable {
  @usableFromInline let ready = Atomic<Bool>(false)
  @usableFromInline var storage: Value?
  /// Built by a thread outside a controlled run while a scheduler was alive (the explorer's
  /// own thread, in a scenario's initial part): a schedule takes it as built.
  private let builtOutside = Atomic<Bool>(false)
  private let lock = NSLock()
  private let make: () -> Value
  private let name: String?

  /// A value `make` builds on first use, shown in traces as "lazy 1"... or as `name`.
  public init(name: String? = nil, _ make: @escaping () -> Value) {
    self.make = make
    self.name = name
  }

  /// The value, built by the first caller.
  @inlinable
  public var value: Value {
    if !Platform.controlledSchedulersAlive, ready.load(ordering: .acquiring) {
      return storage.unsafelyUnwrapped
    }
    return slowValue()
  }

  /// Built, or built now: under a lock outside a run, or as the scheduler decides.
  @usableFromInline
  func slowValue() -> Value {
    if let seat = ControlledScheduler.seat(using: self) { return controlled(seat) }
    lock.lock()
    defer { lock.unlock() }
    if !ready.load(ordering: .acquiring) {
      storage = make()
      ready.store(true, ordering: .releasing)
      if Platform.controlledSchedulersAlive { builtOutside.store(true, ordering: .releasing) }
    }
    return storage.unsafelyUnwrapped
  }

  private func controlled(_ seat: ControlledScheduler.Seat) -> Value {
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = scheduler.state(self, "lazy", name, as: ControlledOnce.self)
    // Each schedule builds it afresh, whatever an earlier schedule left: the race to build is
    // what is explored. One the initial part built, before the threads ran, stays built.
    if !state.built, state.builder == nil, builtOutside.load(ordering: .acquiring) {
      state.adopt()
    }
    guard state.enter(me, on: scheduler) else {
      scheduler.record(me, number, .call("value"))
      return storage.unsafelyUnwrapped
    }
    scheduler.record(me, number, .call("build"))
    storage = make()
    ready.store(true, ordering: .releasing)
    state.finish(me, on: scheduler)
    scheduler.record(me, number, .call("built"))
    return storage.unsafelyUnwrapped
  }
}
