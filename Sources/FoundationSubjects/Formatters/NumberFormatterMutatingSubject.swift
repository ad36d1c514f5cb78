import Foundation
import StressKit

/// One `NumberFormatter` reconfigured in place while shared: writes set `groupingSeparator`
/// and then `usesGroupingSeparator` (two separate sets) to "," grouping, "." grouping or no
/// grouping, and one write in four switches the style (.decimal or .none) or the locale
/// (en_US_POSIX or de_DE, which groups with "."); reads format an integer and accept any of the
/// 3 arithmetic outputs (a mix of two writes' sets still gives one of them), or parse one of
/// those texts back and accept nothing, the integer, or the decimal it reads as where its
/// grouping separator is the decimal one. The end config must give one of them.
package final class NumberFormatterMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "numberformatter-mutating",
    summary: "NumberFormatter reconfigured while shared: groupingSeparator, string(from:)",
    documented: .unsafe, sendable: Sendability.of(NumberFormatter.self), defaultReadRatio: 0.9,
    calls: [
      "groupingSeparator set (\",\" or \".\") (write)", "usesGroupingSeparator set (write)",
      "numberStyle set (.decimal, .none), locale set (en_US_POSIX, de_DE) (write, 1 in 4)",
      "string(from:) (read)", "number(from:) (read, 1 in 4)",
    ],
    leavesOut:
      "styles that spell or scale the number (.spellOut, .percent, .currency): their output "
      + "differs with every locale, beyond a check by arithmetic (numberformatter shares them "
      + "read-only)")

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

  static let styles: [NumberFormatter.Style] = [.decimal, .none]
  static let locales = [Locale(identifier: "en_US_POSIX"), Locale(identifier: "de_DE")]

  package func write(_ step: Step) {
    let (separator, uses) = Self.configs[Draw.choice(step.random, 3)]
    formatter.groupingSeparator = separator
    formatter.usesGroupingSeparator = uses
    switch step.random & 7 {
    case 0: formatter.numberStyle = Self.styles[Int(step.random >> 3) & 1]
    case 1: formatter.locale = Self.locales[Int(step.random >> 3) & 1]
    default: break
    }
  }

  /// One of the three texts of an integer, parsed by whatever the formatter holds now.
  package func parse(_ step: Step) -> String? {
    let value = Draw.integer(step.random)
    let text = Self.grouped(value, separator: [",", ".", ""][Int(step.random >> 2) % 3])
    guard let number = formatter.number(from: text) else { return nil }
    let allowed = [Double(value)] + Self.decimalReadings(text)
    return allowed.contains(number.doubleValue)
      ? nil : "parsed '\(text)' as \(number), expected \(allowed) or nothing"
  }

  /// What a parser may read a text of groups as when its separator is not the grouping one:
  /// it stops at a separator ("1,234,567" is 1, 1234 or 1234567 read so far) or takes it for
  /// the decimal one and stops at the next ("1.234.567" is 1.234).
  package static func decimalReadings(_ text: String) -> [Double] {
    [".", ","].flatMap { separator -> [Double] in
      let parts = text.components(separatedBy: separator)
      guard parts.count > 1 else { return [] }
      let prefixes = (1...parts.count).compactMap { Double(parts.prefix($0).joined()) }
      return prefixes + [Double(parts[0] + "." + parts[1])].compactMap { $0 }
    }
  }

  package func read(_ step: Step) -> String? {
    if step.random & 3 == 1 { return parse(step) }
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
