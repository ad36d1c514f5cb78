import StressKit

/// What the lock subjects share: a count that writes raise under the subject's own lock and
/// reads load under it; with the lock doing its work the end count is exactly the writes made.
struct LockedCounter {
  var value = 0

  /// A read's view: nil if `seen` is a count the writes could have made.
  static func check(read seen: Int, shape: TrialShape) -> String? {
    let most = shape.opsPerThread.map { $0 * shape.threads } ?? Int.max
    return (0...most).contains(seen) ? nil : "count read \(seen), outside 0...\(most)"
  }

  /// The end check: every write counted once.
  func check(writesPerThread: [Int], lock: String) -> Violations {
    let expected = writesPerThread.reduce(0, +)
    var violations = Violations()
    violations.add(
      count: abs(expected - value),
      "count is \(value) after \(expected) writes under one \(lock) (\(expected - value) lost)")
    return violations
  }
}
