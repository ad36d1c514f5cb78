import StressPlatform

/// A plain variable the controlled scheduler watches for data races (loom's `UnsafeCell`, in
/// Swift terms): keep in one the state your type protects by other means (a lock, a queue, an
/// atomic flag). Under the scheduler each read and write is a point where another thread may
/// run, and is checked against the order the scheduled primitives create (a lock's release
/// before its next acquire, a store before the load that sees it, a signal before the wait it
/// ends). Two accesses, one a write, that no primitive ordered are a data race, reported in the
/// first schedule where both happen, whichever ran first. Anywhere else it is the bare variable.
public final class Shared<Value>: @unchecked Sendable {
  @usableFromInline var value: Value
  private let name: String?

  /// A cell holding `value`, shown in traces as "cell 1"... or as `name`.
  public init(_ value: Value, name: String? = nil) {
    self.value = value
    self.name = name
    if !SharedCells.made.load(ordering: .relaxed) {
      SharedCells.made.store(true, ordering: .relaxed)
    }
  }

  /// The value.
  @inlinable
  public func read() -> Value {
    if Platform.controlledSchedulersAlive { controlled(writes: false) }
    return value
  }

  /// Replaces the value.
  @inlinable
  public func write(_ newValue: Value) {
    if Platform.controlledSchedulersAlive { controlled(writes: true) }
    value = newValue
  }

  /// Changes the value in place: one write.
  @inlinable
  public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if Platform.controlledSchedulersAlive { controlled(writes: true) }
    return try body(&value)
  }

  /// On one of the scheduler's threads: a point, the access's step, and its check.
  @usableFromInline
  func controlled(writes: Bool) {
    guard let seat = ControlledScheduler.seat(using: self) else { return }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = scheduler.state(self, "cell", name, as: SharedState.self)
    scheduler.record(me, number, .call(writes ? "write" : "read"))
    state.access(
      me, writes: writes, step: scheduler.trace.steps.count, cell: number, &scheduler.causality)
  }
}
