/// The violations a check found: how many, and the first one in words.
///
/// Only the first message is built, so a check that finds thousands stays cheap.
public struct Violations: Sendable, Equatable {
  public private(set) var count = 0
  public private(set) var first: String?

  public init() {}

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

  public mutating func merge(_ other: Violations) {
    if count == 0 { first = other.first }
    count += other.count
  }

  public var isEmpty: Bool { count == 0 }
}
