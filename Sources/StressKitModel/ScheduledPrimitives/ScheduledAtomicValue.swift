import Synchronization

/// A type `ScheduledAtomic` holds: the integer types and `Bool`, as `Synchronization.Atomic`
/// holds them. Synchronization offers its operations per storage size, which generic code
/// cannot reach; these requirements reach them, and each storage size's defaults inline to the
/// `Atomic` call itself. Every access is sequentially consistent: an ordering must be a
/// constant where `Atomic` is called, which a generic wrapper's is not.
public protocol ScheduledAtomicValue: AtomicRepresentable, Hashable, Sendable {
  /// `Atomic.load`.
  static func load(_ atomic: borrowing Atomic<Self>) -> Self
  /// `Atomic.store`.
  static func store(
    _ atomic: borrowing Atomic<Self>, _ desired: Self)
  /// `Atomic.exchange`.
  static func exchange(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) -> Self
  /// `Atomic.compareExchange`.
  static func compareExchange(
    _ atomic: borrowing Atomic<Self>, _ expected: Self, _ desired: Self
  ) -> (exchanged: Bool, original: Self)
}

/// An integer type `ScheduledAtomic` holds, with wrapping addition.
public protocol ScheduledAtomicInteger: ScheduledAtomicValue, FixedWidthInteger {
  /// `Atomic.wrappingAdd`: the value before and after.
  static func wrappingAdd(
    _ atomic: borrowing Atomic<Self>, _ operand: Self
  ) -> (oldValue: Self, newValue: Self)
}

extension ScheduledAtomicInteger {
  /// A compare-exchange loop: Synchronization's own add is per type. `Int` has its own.
  @inlinable
  public static func wrappingAdd(
    _ atomic: borrowing Atomic<Self>, _ operand: Self
  ) -> (oldValue: Self, newValue: Self) {
    var old = load(atomic)
    while true {
      let (done, seen) = compareExchange(atomic, old, old &+ operand)
      if done { return (old, old &+ operand) }
      old = seen
    }
  }
}

extension Int: ScheduledAtomicInteger {
  /// `Atomic<Int>.wrappingAdd` itself.
  @inlinable
  public static func wrappingAdd(
    _ atomic: borrowing Atomic<Int>, _ operand: Int
  ) -> (oldValue: Int, newValue: Int) {
    atomic.wrappingAdd(operand, ordering: .sequentiallyConsistent)
  }
}

extension Int8: ScheduledAtomicInteger {}
extension Int16: ScheduledAtomicInteger {}
extension Int32: ScheduledAtomicInteger {}
extension Int64: ScheduledAtomicInteger {}
extension UInt: ScheduledAtomicInteger {}
extension UInt8: ScheduledAtomicInteger {}
extension UInt16: ScheduledAtomicInteger {}
extension UInt32: ScheduledAtomicInteger {}
extension UInt64: ScheduledAtomicInteger {}
extension Bool: ScheduledAtomicValue {}

extension ScheduledAtomicValue where AtomicRepresentation == _Atomic8BitStorage {
  /// `Atomic.load`.
  @inlinable
  public static func load(_ atomic: borrowing Atomic<Self>) -> Self {
    atomic.load(ordering: .sequentiallyConsistent)
  }

  /// `Atomic.store`.
  @inlinable
  public static func store(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) {
    atomic.store(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.exchange`.
  @inlinable
  public static func exchange(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) -> Self {
    atomic.exchange(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.compareExchange`.
  @inlinable
  public static func compareExchange(
    _ atomic: borrowing Atomic<Self>, _ expected: Self, _ desired: Self
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
  }
}

extension ScheduledAtomicValue where AtomicRepresentation == _Atomic16BitStorage {
  /// `Atomic.load`.
  @inlinable
  public static func load(_ atomic: borrowing Atomic<Self>) -> Self {
    atomic.load(ordering: .sequentiallyConsistent)
  }

  /// `Atomic.store`.
  @inlinable
  public static func store(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) {
    atomic.store(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.exchange`.
  @inlinable
  public static func exchange(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) -> Self {
    atomic.exchange(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.compareExchange`.
  @inlinable
  public static func compareExchange(
    _ atomic: borrowing Atomic<Self>, _ expected: Self, _ desired: Self
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
  }
}

extension ScheduledAtomicValue where AtomicRepresentation == _Atomic32BitStorage {
  /// `Atomic.load`.
  @inlinable
  public static func load(_ atomic: borrowing Atomic<Self>) -> Self {
    atomic.load(ordering: .sequentiallyConsistent)
  }

  /// `Atomic.store`.
  @inlinable
  public static func store(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) {
    atomic.store(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.exchange`.
  @inlinable
  public static func exchange(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) -> Self {
    atomic.exchange(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.compareExchange`.
  @inlinable
  public static func compareExchange(
    _ atomic: borrowing Atomic<Self>, _ expected: Self, _ desired: Self
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
  }
}

extension ScheduledAtomicValue where AtomicRepresentation == _Atomic64BitStorage {
  /// `Atomic.load`.
  @inlinable
  public static func load(_ atomic: borrowing Atomic<Self>) -> Self {
    atomic.load(ordering: .sequentiallyConsistent)
  }

  /// `Atomic.store`.
  @inlinable
  public static func store(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) {
    atomic.store(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.exchange`.
  @inlinable
  public static func exchange(
    _ atomic: borrowing Atomic<Self>, _ desired: Self
  ) -> Self {
    atomic.exchange(desired, ordering: .sequentiallyConsistent)
  }

  /// `Atomic.compareExchange`.
  @inlinable
  public static func compareExchange(
    _ atomic: borrowing Atomic<Self>, _ expected: Self, _ desired: Self
  ) -> (exchanged: Bool, original: Self) {
    atomic.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
  }
}
