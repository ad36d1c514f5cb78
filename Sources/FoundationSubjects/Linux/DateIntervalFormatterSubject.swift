import Foundation
import StressKit

/// One `DateIntervalFormatter` shared read-only: each read formats one of 256 intervals and must print what the formatter printed for it alone (`SequentialTable`).
package final class DateIntervalFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "dateintervalformatter",
    summary: "a shared DateIntervalFormatter (UTC, POSIX): string(from:to:)",
    documented: .notListed, sendable: Sendability.of(DateIntervalFormatter.self),
    traits: [.readOnly])

  private let formatter: DateIntervalFormatter
  private let table: SequentialTable

  package init(shape: TrialShape) {
    let formatter = DateIntervalFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateStyle = .short
    formatter.timeStyle = .none
    self.formatter = formatter
    table = SequentialTable { i in
      formatter.string(
        from: Date(timeIntervalSince1970: Double(i) * 86_400 * 3),
        to: Date(timeIntervalSince1970: Double(i) * 86_400 * 3 + Double(i % 9) * 86_400))
    }
  }

  package func read(_ step: Step) -> String? {
    let i = SequentialTable.input(step.random)
    let formatter = self.formatter
    return table.check(
      i,
      formatter.string(
        from: Date(timeIntervalSince1970: Double(i) * 86_400 * 3),
        to: Date(timeIntervalSince1970: Double(i) * 86_400 * 3 + Double(i % 9) * 86_400)))
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
