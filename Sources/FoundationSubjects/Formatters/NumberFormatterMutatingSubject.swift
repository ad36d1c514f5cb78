import Foundation
import StressKit

/// One `NumberFormatter` reconfigured in place while shared: writes set `groupingSeparator`
/// and then `usesGroupingSeparator` (two separate sets) to "," grouping, "." grouping or no
/// grouping; reads format an integer and accept any of the 3 arithmetic outputs (a mix of two
/// writes' sets still gives one of them). The end config must give one of them.
package final class NumberFormatterMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "numberformatter-mutating",
    summary: "NumberFormatter reconfigured while shared: groupingSeparator, string(from:)",
    documented: .unsafe, sendable: Sendability.of(NumberFormatter.self), defaultReadRatio: 0.9,
    calls: [
      "groupingSeparator set (\",\" or \".\") (write)", "usesGroupingSeparator set (write)",
      "string(from:) (.decimal, en_US_POSIX) (read)",
    ],
    leavesOut: "number(from:) while reconfigured: not covered yet; style and locale changes: not "
      + "covered yet")

  /// (groupingSeparator, usesGroupingSeparator)
  static let configs = [(",", true), (".", true), (",", false)]
  private let formatter = NumberFormatter()

  package init(shape: TrialShape) {
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.numberStyle = .decimal
    formatter.groupingSize = 3
    formatter.groupingSeparator = ","
    formatter.usesGroupingSeparator = true
  }

  package func write(_ step: Step) {
    let (separator, uses) = Self.configs[Draw.choice(step.random, 3)]
    formatter.groupingSeparator = separator
    formatter.usesGroupingSeparator = uses
  }

  package func read(_ step: Step) -> String? {
    let value = Draw.integer(step.random)
    let expected = [",", ".", ""].map { Self.grouped(value, separator: $0) }
    let text = formatter.string(from: value as NSNumber) ?? "nil"
    return expected.contains(text) ? nil : "formatted \(value) as \(text), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let separator = formatter.groupingSeparator ?? "nil"
    if ![",", "."].contains(separator) {
      violations.add("groupingSeparator is now \(separator)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }

  /// `value` in decimal digits, `separator` before each group of 3 from the right.
  static func grouped(_ value: Int, separator: String) -> String {
    var digits = String(value)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return groups.joined(separator: separator)
  }
}
