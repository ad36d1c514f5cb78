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

  /// A budget field's value (`--trials`, `--duration`...), in the bounds a suite file obeys
  /// too, refused in the same words.
  func budget(_ name: String, _ field: Budget.Field, usage: String) throws(UsageError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let x = Double(text), field.accepts(x),
      field.wholeRange == nil || Int(text) != nil
    else {
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected \(field.expected).", usage: usage)
    }
    return x
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

  /// A number in `range`; with `positive`, zero itself is excluded.
  func number(
    _ name: String, in range: ClosedRange<Double>, positive: Bool = false, usage: String
  ) throws(UsageError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let x = Double(text), range.contains(x), !positive || x > 0 else {
      let low = positive ? "more than 0" : "from \(Self.text(range.lowerBound))"
      throw UsageError(
        "Invalid value '\(text)' for '--\(name)': expected a number \(low) to "
          + "\(Self.text(range.upperBound)).",
        usage: usage)
    }
    return x
  }

  private static func text(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(x)
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

// MARK: - Output format

extension ParsedArguments {
  /// `--format`, one of `allowed`; text when absent.
  func format(allowing allowed: [OutputFormat], usage: String) throws(UsageError) -> OutputFormat {
    guard let text = values["format"] else { return .text }
    let names = allowed.map(\.rawValue)
    guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
      throw UsageError(
        "Invalid value '\(text)' for '--format': expected one of \(names.joined(separator: ", "))."
          + Suggestion.hint(for: text, in: names), usage: usage)
    }
    return format
  }
}
