import StressKitCore
import StressPlatform
import Synchronization

/// An atomic value the controlled scheduler sees, with `Synchronization.Atomic`'s operations
/// (load, store, exchange, compare-exchange, and for integers wrapping add and subtract), for
/// the integer types and `Bool`. Under the scheduler every access is a point where another
/// thread may run. Anywhere else it is an `Atomic`, behind one load of a process-wide count.
///
/// Orderings are accepted, for `Atomic`'s shape, and every access is sequentially consistent
/// (`ScheduledAtomicValue` says why): a load or a read-modify-write costs what `Atomic`'s does
/// on x86-64 and arm64, a relaxed or releasing store costs an exchange. Exploration assumes
/// sequential consistency too, as Lincheck's and shuttle's do: it interleaves whole accesses and
/// never shows a weaker order's reordering.
public final class ScheduledAtomic<Value: ScheduledAtomicValue>: @unchecked Sendable {
  @usableFromInline let base: Atomic<Value>
  private let name: String?

  /// An atomic holding `value`, shown in traces as "atomic 1"... or as `name`.
  public init(_ value: Value, name: String? = nil) {
    base = Atomic(value)
    self.name = name
  }

  /// The value.
  @inlinable
  public func load(ordering: AtomicLoadOrdering) -> Value {
    guard Platform.controlledSchedulersAlive else { return Value.load(base) }
    return controlled(.load) { (Value.load(base), false) }.value
  }

  /// Stores `desired`.
  @inlinable
  public func store(_ desired: Value, ordering: AtomicStoreOrdering) {
    guard Platform.controlledSchedulersAlive else {
      return Value.store(base, desired)
    }
    _ = controlled(.store(desired)) {
      Value.store(base, desired)
      return (desired, false)
    }
  }

  /// Stores `desired` and answers the value before.
  @inlinable
  public func exchange(_ desired: Value, ordering: AtomicUpdateOrdering) -> Value {
    guard Platform.controlledSchedulersAlive else {
      return Value.exchange(base, desired)
    }
    return controlled(.exchange(desired)) {
      (Value.exchange(base, desired), false)
    }.value
  }

  /// Stores `desired` if the value is `expected`: whether it did, and the value before.
  @inlinable
  public func compareExchange(expected: Value, desired: Value, ordering: AtomicUpdateOrdering)
    -> (exchanged: Bool, original: Value)
  {
    guard Platform.controlledSchedulersAlive else {
      return Value.compareExchange(base, expected, desired)
    }
    let answer = controlled(.compareExchange(expected, desired)) {
      let (exchanged, original) = Value.compareExchange(base, expected, desired)
      return (original, exchanged)
    }
    return (answer.exchanged, answer.value)
  }

  /// `compareExchange` with an ordering for each outcome.
  @inlinable
  public func compareExchange(
    expected: Value, desired: Value, successOrdering: AtomicUpdateOrdering,
    failureOrdering: AtomicLoadOrdering
  ) -> (exchanged: Bool, original: Value) {
    compareExchange(expected: expected, desired: desired, ordering: successOrdering)
  }

  /// `compareExchange`, which `Atomic` may fail spuriously; this one never does.
  @inlinable
  public func weakCompareExchange(
    expected: Value, desired: Value, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Value) {
    compareExchange(expected: expected, desired: desired, ordering: ordering)
  }
}

extension ScheduledAtomic where Value: ScheduledAtomicInteger {
  /// Adds `operand`, wrapping on overflow: the value before and after.
  @inlinable @discardableResult
  public func wrappingAdd(_ operand: Value, ordering: AtomicUpdateOrdering)
    -> (oldValue: Value, newValue: Value)
  {
    guard Platform.controlledSchedulersAlive else {
      return Value.wrappingAdd(base, operand)
    }
    let old = controlled(.wrappingAdd(operand)) {
      (Value.wrappingAdd(base, operand).oldValue, false)
    }.value
    return (old, old &+ operand)
  }

  /// Subtracts `operand`, wrapping on overflow: the value before and after.
  @inlinable @discardableResult
  public func wrappingSubtract(_ operand: Value, ordering: AtomicUpdateOrdering)
    -> (oldValue: Value, newValue: Value)
  {
    guard Platform.controlledSchedulersAlive else {
      return Value.wrappingAdd(base, 0 &- operand)
    }
    let old = controlled(.wrappingSubtract(operand)) {
      (Value.wrappingAdd(base, 0 &- operand).oldValue, false)
    }.value
    return (old, old &- operand)
  }
}

// MARK: - While a scheduler is alive

extension ScheduledAtomic {
  /// An access, as the trace words it.
  @usableFromInline
  enum Access {
    case load
    case store(Value)
    case exchange(Value)
    case compareExchange(Value, Value)
    case wrappingAdd(Value)
    case wrappingSubtract(Value)
  }

  /// On one of the scheduler's threads: a point, then `body`, and its step in the trace; on any
  /// other thread, `body` alone. `body` answers the value the access answers, and whether a
  /// compare-exchange exchanged.
  @usableFromInline
  func controlled(_ access: Access, _ body: () -> (value: Value, exchanged: Bool))
    -> (value: Value, exchanged: Bool)
  {
    guard let seat = ControlledScheduler.seat(using: self) else { return body() }
    let scheduler = seat.scheduler
    scheduler.point(seat.thread)
    let answer = body()
    let writes: Bool =
      switch access {
      case .load: false
      case .compareExchange: answer.exchanged
      default: true
      }
    let number = ControlledAtomic.accessed(
      self, name, by: seat.thread, writes: writes, on: scheduler)
    let use: ScheduleTrace.Use =
      switch access {
      case .load: .method("load", result: ModelValue(answer.value))
      case .store(let value): .method("store", ModelValue(value))
      case .exchange(let value):
        .method("exchange", ModelValue(value), result: ModelValue(answer.value))
      case .compareExchange(let expected, let desired):
        .method(
          "compareExchange", ModelValue(expected), ModelValue(desired),
          result: ModelValue(answer.exchanged))
      case .wrappingAdd(let operand):
        .method("wrappingAdd", ModelValue(operand), result: ModelValue(answer.value))
      case .wrappingSubtract(let operand):
        .method("wrappingSubtract", ModelValue(operand), result: ModelValue(answer.value))
      }
    scheduler.record(seat.thread, number, use)
    return answer
  }
}
