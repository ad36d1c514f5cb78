import Foundation
import StressKit

/// One `Scanner` shared by threads that take turns reading from it, as a parser handed to a
/// pool would be: over "0 1 2 ... 65535", each write scans the next integer, as an integer, as
/// a double, as a run of digits or up to the next space, or tries a literal that is not there
/// (which must leave the scanner where it stood) before scanning it; reads ask where the scanner stands,
/// which must be the start or just after a digit. Every integer must be scanned once, each
/// thread's in rising order, with no gap below the highest.
package final class ScannerSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "scanner-shared", summary: "one Scanner shared by every thread: scanInt() in turn",
    documented: .unsafe, sendable: Sendability.of(Scanner.self), defaultReadRatio: 0.1,
    calls: Write.allCases.map { "\($0.rawValue) (write)" } + ["currentIndex, isAtEnd (read)"],
    leavesOut: "scanString(_:) of literal text that matches: the text holds only digits and "
      + "spaces, and skipped spaces never match; charactersToBeSkipped and "
      + "caseSensitive changes: rare in applications; scanLocation (deprecated): on Linux "
      + "currentIndex, which the subject reads, goes through it")

  package enum Write: String, CaseIterable {
    case int = "scanInt()"
    case double = "scanDouble()"
    case digits = "scanCharacters(from: .decimalDigits)"
    case upTo = "scanUpToString(\" \")"
    case literal = "scanString(\"#\") (absent, so the scanner stays), then scanInt()"
  }

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)

  static let count = 65_536
  static let text = (0..<count).map(String.init).joined(separator: " ")
  private let scanner = Scanner(string: ScannerSubject.text)
  /// What each thread scanned: its own slot only.
  private let scanned: [Slot]

  final class Slot: @unchecked Sendable {
    var values: [Int] = []
  }

  package init(shape: TrialShape) {
    scanned = (0..<shape.threads).map { _ in Slot() }
  }

  package func write(_ step: Step) {
    let value: Int?
    switch Self.writes[step] {
    case .int: value = scanner.scanInt()
    case .double: value = scanner.scanDouble().map { Int($0) }
    case .digits: value = scanner.scanCharacters(from: .decimalDigits).flatMap { Int($0) }
    case .upTo: value = scanner.scanUpToString(" ").flatMap { Int($0) }
    case .literal: value = scanner.scanString("#") == nil ? scanner.scanInt() : nil
    }
    guard let value else { return }
    scanned[step.thread].values.append(value)
  }

  package func read(_ step: Step) -> String? {
    let index = scanner.currentIndex
    let text = scanner.string
    guard index >= text.startIndex, index <= text.endIndex else {
      return "currentIndex is outside the text"
    }
    // The text ends in a digit, so only its very end is the end.
    if scanner.isAtEnd != (index == text.endIndex) { return "isAtEnd is \(scanner.isAtEnd)" }
    guard index > text.startIndex else { return nil }
    let before = text[text.index(before: index)]
    return before.isNumber ? nil : "currentIndex stands after '\(before)'"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    var seen = Set<Int>()
    for (thread, slot) in scanned.enumerated() {
      if zip(slot.values, slot.values.dropFirst()).contains(where: { $0 >= $1 }) {
        violations.add("thread \(thread) scanned its integers out of order")
      }
      for value in slot.values
      where !seen.insert(value).inserted || !(0..<Self.count).contains(value) {
        violations.add("\(value) was scanned twice, or never was in the text")
      }
    }
    if let highest = seen.max(), seen.count != highest + 1 {
      violations.add(
        count: highest + 1 - seen.count,
        "\(highest + 1 - seen.count) integers below \(highest) were skipped")
    }
    return violations
  }
}
