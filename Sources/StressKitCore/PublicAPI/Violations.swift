/// The violations a check found: how many, and the first one in words.
///
/// Only the first message is built, so a check that finds thousands stays cheap.
public struct Violations: Sendable, Equatable {
  /// How many violations were found.
  public private(set) var count = 0
  /// The first violation, in words.
  public private(set) var first: String?

  /// No violation yet.
  public init() {}

  /// Adds one violation; its message is built only if it is the first.
  public mutating func add(_ message: @autoclosure () -> String) {
    if count == 0 { first = message() }
    count += 1
  }

  /// Adds `count` violations described by one message (e.g. lost increments).
  public mutating func add(count: Int, _ message: @autoclosure () -> String) {
    guard count > 0 else { return }
    if self.count == 0 { first = message() }
    self.count += count
  }

  /// Adds another check's violations (the first message stays the earliest found).
  public mutating func merge(_ other: Violations) {
    if count == 0 { first = other.first }
    count += other.count
  }

  /// No violation was found.
  public var isEmpty: Bool { count == 0 }
}
