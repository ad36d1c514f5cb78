import Foundation
import StressKit

// MARK: - Typed option values

extension ParsedArguments {
  func string(_ name: String) -> String? {
    values[name]
  }

  /// A comma-separated list of non-empty ids.
  func list(_ name: String, usage: String) throws(UsageError) -> [String]? {
    guard let text = values[name] else { return nil }
    let items = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected a comma-separated list of ids.",
        usage: usage)
    }
    return items
  }

  /// A whole number in `range`.
  func integer(_ name: String, in range: ClosedRange<Int>, usage: String) throws(UsageError) -> Int?
  {
    guard let text = values[name] else { return nil }
    guard let n = Int(text), range.contains(n) else {
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected a whole number from \(range.lowerBound)"
          + (range.upperBound == Int.max ? " up" : " to \(range.upperBound)") + ".",
        usage: usage)
    }
    return n
  }

  /// Comma-separated whole numbers, each in `range`.
  func integers(_ name: String, in range: ClosedRange<Int>, usage: String) throws(UsageError)
    -> [Int]?
  {
    guard let text = values[name] else { return nil }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !parts.isEmpty, numbers.count == parts.count, numbers.allSatisfy(range.contains) else {
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected comma-separated whole numbers from "
          + "\(range.lowerBound) to \(range.upperBound).",
        usage: usage)
    }
    return numbers
  }

  /// A finite number; `positive` excludes zero, otherwise it must lie in `range`.
  func number(
    _ name: String, positive: Bool = false, in range: ClosedRange<Double>? = nil, usage: String
  ) throws(UsageError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let x = Double(text), x.isFinite, !positive || x > 0,
      range.map({ $0.contains(x) }) ?? true
    else {
      let expected =
        positive
        ? "a number greater than 0"
        : range.map { "a number from \($0.lowerBound) to \($0.upperBound)" }
          ?? "a number"
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected \(expected).", usage: usage)
    }
    return x
  }

  func seed(_ name: String, usage: String) throws(UsageError) -> UInt64? {
    guard let text = values[name] else { return nil }
    guard let n = UInt64(text) else {
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected a whole number from 0 to \(UInt64.max).",
        usage: usage)
    }
    return n
  }

  func mode(_ name: String, usage: String) throws(UsageError) -> Mode? {
    guard let text = values[name] else { return nil }
    guard let mode = Mode(rawValue: text) else {
      let names = Mode.allCases.map(\.rawValue)
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected one of \(names.joined(separator: ", "))."
          + Suggestion.hint(for: text, in: names),
        usage: usage)
    }
    return mode
  }
}
