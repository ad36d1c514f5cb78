import Synchronization

/// An atomic integer the controlled scheduler sees: under it, every access is a point where
/// another thread may run. Anywhere else a sequentially consistent `Atomic<Int>`, behind one
/// load of a process-wide count. Swap it for `PlainAtomicInt` (or your own `Atomic<Int>`) in
/// a production build by a typealias: the two share their methods.
public final class ScheduledAtomicInt: @unchecked Sendable {
  private let base: Atomic<Int>
  private let name: String?

  /// An atomic integer holding `value`, shown in traces as "atomic 1"... or as `name`.
  public init(_ value: Int, name: String? = nil) {
    base = Atomic(value)
    self.name = name
  }

  @inline(__always)
  private func act<T>(_ trace: (T) -> ScheduleTrace.AtomicAction, _ body: () -> T) -> T {
    if let seat = ControlledScheduler.currentSeat {
      return seat.scheduler.atomic(seat.thread, self, name: name) {
        let value = body()
        return (value, trace(value))
      }
    }
    return body()
  }

  /// The value.
  @inline(__always)
  public func load() -> Int {
    act({ .load($0) }) { base.load(ordering: .sequentiallyConsistent) }
  }

  /// Stores `value`.
  @inline(__always)
  public func store(_ value: Int) {
    act({ _ in .store(value) }) { base.store(value, ordering: .sequentiallyConsistent) }
  }

  /// Adds `delta` and answers the new value.
  @inline(__always) @discardableResult
  public func add(_ delta: Int) -> Int {
    act({ .add(delta, result: $0) }) {
      base.add(delta, ordering: .sequentiallyConsistent).newValue
    }
  }

  /// Stores `desired` if the value is `expected`: whether it did, and the value before.
  @inline(__always)
  public func compareExchange(expected: Int, desired: Int) -> (exchanged: Bool, original: Int) {
    act({ .compareExchange(expected: expected, desired: desired, exchanged: $0.exchanged) }) {
      base.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
    }
  }
}

/// `ScheduledAtomicInt`'s production twin: a sequentially consistent `Atomic<Int>` with the
/// same methods, for a typealias that swaps the two.
public final class PlainAtomicInt: Sendable {
  private let base: Atomic<Int>

  /// An atomic integer holding `value`.
  public init(_ value: Int, name: String? = nil) { base = Atomic(value) }

  /// The value.
  @inline(__always)
  public func load() -> Int { base.load(ordering: .sequentiallyConsistent) }

  /// Stores `value`.
  @inline(__always)
  public func store(_ value: Int) { base.store(value, ordering: .sequentiallyConsistent) }

  /// Adds `delta` and answers the new value.
  @inline(__always) @discardableResult
  public func add(_ delta: Int) -> Int {
    base.add(delta, ordering: .sequentiallyConsistent).newValue
  }

  /// Stores `desired` if the value is `expected`: whether it did, and the value before.
  @inline(__always)
  public func compareExchange(expected: Int, desired: Int) -> (exchanged: Bool, original: Int) {
    base.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
  }
}
