import StressKitCore
import StressPlatform
import Synchronization

/// An atomic integer the controlled scheduler sees: under it, every access is a point where
/// another thread may run. Anywhere else a sequentially consistent `Atomic<Int>`, behind one
/// load of a process-wide count. Swap it for `PlainAtomicInt` (or your own `Atomic<Int>`) in
/// a production build by a typealias: the two share their methods.
public final class ScheduledAtomicInt: @unchecked Sendable {
  @usableFromInline let base: Atomic<Int>
  private let name: String?

  /// An atomic integer holding `value`, shown in traces as "atomic 1"... or as `name`.
  public init(_ value: Int, name: String? = nil) {
    base = Atomic(value)
    self.name = name
  }

  // Each method's fast path inlines into the caller: outside a controlled run, one relaxed
  // load more than the `Atomic<Int>` it stands for.

  /// The value.
  @inlinable
  public func load() -> Int {
    guard Platform.controlledSchedulersAlive else {
      return base.load(ordering: .sequentiallyConsistent)
    }
    return controlledLoad()
  }

  /// Stores `value`.
  @inlinable
  public func store(_ value: Int) {
    guard Platform.controlledSchedulersAlive else {
      return base.store(value, ordering: .sequentiallyConsistent)
    }
    controlledStore(value)
  }

  /// Adds `delta` and answers the new value.
  @inlinable @discardableResult
  public func add(_ delta: Int) -> Int {
    guard Platform.controlledSchedulersAlive else {
      return base.add(delta, ordering: .sequentiallyConsistent).newValue
    }
    return controlledAdd(delta)
  }

  /// Stores `desired` if the value is `expected`: whether it did, and the value before.
  @inlinable
  public func compareExchange(expected: Int, desired: Int) -> (exchanged: Bool, original: Int) {
    guard Platform.controlledSchedulersAlive else {
      return base.compareExchange(
        expected: expected, desired: desired, ordering: .sequentiallyConsistent)
    }
    return controlledCompareExchange(expected, desired)
  }

  // MARK: - While a scheduler is alive

  @usableFromInline
  func controlledLoad() -> Int {
    act(writes: { _ in false }, { .method("load", result: ModelValue($0)) }) {
      base.load(ordering: .sequentiallyConsistent)
    }
  }

  @usableFromInline
  func controlledStore(_ value: Int) {
    act(writes: { _ in true }, { _ in .method("store", ModelValue(value)) }) {
      base.store(value, ordering: .sequentiallyConsistent)
    }
  }

  @usableFromInline
  func controlledAdd(_ delta: Int) -> Int {
    act(writes: { _ in true }, { .method("add", ModelValue(delta), result: ModelValue($0)) }) {
      base.add(delta, ordering: .sequentiallyConsistent).newValue
    }
  }

  @usableFromInline
  func controlledCompareExchange(_ expected: Int, _ desired: Int) -> (
    exchanged: Bool, original: Int
  ) {
    act(
      writes: \.exchanged,
      {
        .method(
          "compareExchange", ModelValue(expected), ModelValue(desired),
          result: ModelValue($0.exchanged))
      }
    ) {
      base.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
    }
  }

  /// On one of the scheduler's threads, a point, then `body`, its happens-before (`writes`:
  /// whether it wrote), and the step `use` words from its value; on any other thread, `body`
  /// alone.
  private func act<T>(
    writes: (T) -> Bool, _ use: (T) -> ScheduleTrace.Use, _ body: () -> T
  ) -> T {
    guard let seat = ControlledScheduler.seat(using: self) else { return body() }
    let scheduler = seat.scheduler
    scheduler.point(seat.thread)
    let value = body()
    let number = ControlledAtomic.accessed(
      self, name, by: seat.thread, writes: writes(value), on: scheduler)
    scheduler.record(seat.thread, number, use(value))
    return value
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
