import Foundation
import StressKit

/// One `NumberFormatter` (decimal, "," every 3 digits) shared read-only as an app shares a
/// cached formatter: each read formats an integer, compares it with the string grouped
/// arithmetically, and parses it back with `number(from:)`, requiring the same value.
package final class NumberFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "numberformatter",
    summary: "NumberFormatter, decimal, shared read-only: string(from:), number(from:)",
    documented: .unsafe, sendable: Sendability.of(NumberFormatter.self), traits: [.readOnly])

  private let formatter = NumberFormatter()

  package init(shape: TrialShape) {
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    formatter.groupingSeparator = ","
    formatter.groupingSize = 3
  }

  package func read(_ step: Step) -> String? {
    let value = Draw.integer(step.random)
    let expected = Self.grouped(value, separator: ",")
    let text = formatter.string(from: value as NSNumber) ?? "nil"
    guard text == expected else { return "formatted \(value) as \(text), expected \(expected)" }
    let parsed = formatter.number(from: text)?.int64Value
    return parsed == Int64(value) ? nil : "parsed \(text) as \(parsed.map(String.init) ?? "nil")"
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

  package func check(writesPerThread: [Int]) -> Violations {
    // Reads never change it; it must still be intact and still format correctly.
    var violations = Violations()
    if formatter.groupingSeparator != "," || !formatter.usesGroupingSeparator {
      violations.add("grouping is now \(formatter.groupingSeparator ?? "nil")")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
