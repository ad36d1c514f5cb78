import Foundation
import StressKit
import StressReports

/// How an option's text becomes a typed value, and what the error says when it cannot:
/// `Invalid value '<text>' for '--<name>': expected <expected>.`, with a "did you mean" among
/// `candidates` where there are any.
struct ValueParser<Value> {
  let expected: String
  var candidates: [String] = []
  /// How help shows a default of this type, where it can be shown as it is typed.
  var show: ((Value) -> String)?
  /// Why a text of the right form still is no value (a replay token cut short), where that
  /// says more than what was expected.
  var explain: (String) -> String? = { _ in nil }
  let read: (String) -> Value?

  func parse(_ text: String, option: String) throws(UsageError) -> Value {
    guard let value = read(text) else {
      if let why = explain(text) {
        throw UsageError("Invalid value '\(text)' for '--\(option)': \(why).")
      }
      throw UsageError(
        "Invalid value '\(text)' for '--\(option)': expected \(expected)."
          + Suggestion.hint(for: text, in: candidates))
    }
    return value
  }

  func map<T>(_ transform: @escaping (Value) -> T) -> ValueParser<T> {
    ValueParser<T>(expected: expected, candidates: candidates, show: nil, explain: explain) {
      read($0).map(transform)
    }
  }
}

extension ValueParser where Value == String {
  /// Any non-empty text: a path, a suite name.
  static var text: ValueParser { ValueParser(expected: "a value") { $0 } }
}

extension ValueParser where Value == [String] {
  /// A comma-separated list of non-empty ids.
  static var ids: ValueParser {
    ValueParser(expected: "a comma-separated list of ids") { text in
      let items = text.split(separator: ",", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      return items.isEmpty || items.contains(where: \.isEmpty) ? nil : items
    }
  }
}

extension ValueParser where Value == Int {
  /// A whole number in `range`.
  static func integer(in range: ClosedRange<Int>) -> ValueParser {
    ValueParser(
      expected: "a whole number from \(range.lowerBound)"
        + (range.upperBound == Int.max ? " up" : " to \(range.upperBound)"),
      show: { String($0) }
    ) { Int($0).flatMap { range.contains($0) ? $0 : nil } }
  }
}

extension ValueParser where Value == [Int] {
  /// Comma-separated whole numbers, each in `range`.
  static func integers(in range: ClosedRange<Int>) -> ValueParser {
    ValueParser(
      expected: "comma-separated whole numbers from \(range.lowerBound) to \(range.upperBound)"
    ) { commaSeparated($0, Int.init, in: range) }
  }
}

extension ValueParser where Value == Double {
  /// A budget field's value (`--trials`, `--duration`...), in the bounds a suite file obeys
  /// too, refused in the same words.
  static func budget(_ field: Budget.Field) -> ValueParser {
    ValueParser(expected: field.expected) { text in
      guard let x = Double(text), field.accepts(x), field.wholeRange == nil || Int(text) != nil
      else { return nil }
      return x
    }
  }

  /// A number in `range`; with `positive`, zero itself is excluded.
  static func number(in range: ClosedRange<Double>, positive: Bool = false) -> ValueParser {
    let low = positive ? "more than 0" : "from \(text(range.lowerBound))"
    return ValueParser(expected: "a number \(low) to \(text(range.upperBound))") { text in
      Double(text).flatMap { range.contains($0) && (!positive || $0 > 0) ? $0 : nil }
    }
  }

  /// A duration, "90s", "20m", "1h" or "1h30m", in the bounds of a suite's time budget.
  static var duration: ValueParser {
    ValueParser(expected: Budget.Field.timeBudget.expected) { text in
      Budget.duration(text).flatMap { Budget.Field.timeBudget.accepts($0) ? $0 : nil }
    }
  }

  /// "10%" or "10" -> 0.1; from more than 0 to 1000%.
  static var percentage: ValueParser {
    ValueParser(
      expected: "a percentage from 0.1 to 1000, such as 10%",
      show: { "\(Int(($0 * 100).rounded()))%" }
    ) { text in
      let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
      // Below a tenth of a percent no run's noise is small enough to judge a change by.
      guard let percent = Double(digits), percent >= 0.1, percent <= 1000 else { return nil }
      return percent / 100
    }
  }

  private static func text(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(x)
  }
}

extension ValueParser where Value == [Double] {
  /// Comma-separated numbers, each in `range`.
  static func numbers(in range: ClosedRange<Double>) -> ValueParser {
    func shown(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
    return ValueParser(
      expected:
        "comma-separated numbers from \(shown(range.lowerBound)) to \(shown(range.upperBound))"
    ) { commaSeparated($0, Double.init, in: range) }
  }
}

extension ValueParser where Value == UInt64 {
  static var seed: ValueParser {
    ValueParser(expected: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
  }
}

extension ValueParser where Value == Shard {
  static var shard: ValueParser {
    ValueParser(expected: "<i>/<n> with 1 <= i <= n <= \(Shard.maxCount), such as 2/4") {
      Shard($0)
    }
  }
}

extension ValueParser where Value == ScheduleStrategy? {
  /// `stress` (nil), or a controlled strategy in its argument form.
  static var strategy: ValueParser {
    ValueParser(
      expected: ScheduleStrategy.argumentForms,
      candidates: ["stress", "random-walk", "pct", "exhaustive", "replay"],
      show: { $0?.argument ?? "stress" },
      explain: { text in
        // A token with a subject or a check that does not hold: say which, not the forms.
        guard text.hasPrefix("replay:"), text.dropFirst(7).contains(":") else { return nil }
        do throws(ReplayToken.Invalid) {
          _ = try ReplayToken(parsing: String(text.dropFirst(7)))
          return nil
        } catch { return "\(error)" }
      }
    ) { text in
      text == "stress" ? .some(nil) : ScheduleStrategy(argument: text).map { .some($0) }
    }
  }
}

extension ValueParser where Value: RawRepresentable<String> & CaseIterable {
  /// One of the cases' names (or of `allowed`, where only some apply).
  static func choice(_ allowed: [Value] = Array(Value.allCases)) -> ValueParser {
    let names = allowed.map(\.rawValue)
    return ValueParser(
      expected: "one of \(names.joined(separator: ", "))", candidates: names, show: \.rawValue
    ) { text in allowed.first { $0.rawValue == text } }
  }
}

/// "1, 2,3" -> [1, 2, 3], or nil if any item does not parse or falls outside `range`.
private func commaSeparated<T: Comparable>(
  _ text: String, _ parse: (String) -> T?, in range: ClosedRange<T>
) -> [T]? {
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  let items = parts.compactMap { parse($0.trimmingCharacters(in: .whitespaces)) }
  guard !parts.isEmpty, items.count == parts.count, items.allSatisfy(range.contains) else {
    return nil
  }
  return items
}

extension ValueParser where Value == UInt64 {
  /// A size in bytes, "512M", "4G" (binary units, K to T) or "none" (0): at least 64 MiB, so a
  /// worker can start under it.
  static var memorySize: ValueParser {
    ValueParser(expected: "a size of at least 64M, such as 512M or 4G, or none") { text in
      if text == "none" { return 0 }
      let units: [Character: UInt64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
      let unit = text.last.flatMap { units[Character($0.uppercased())] }
      let digits = unit == nil ? Substring(text) : text.dropLast()
      guard let count = UInt64(digits), count > 0 else { return nil }
      let (bytes, overflow) = count.multipliedReportingOverflow(by: unit ?? 1)
      return !overflow && bytes >= 64 << 20 ? bytes : nil
    }
  }
}
