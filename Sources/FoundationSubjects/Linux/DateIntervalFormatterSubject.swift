import Foundation
import StressKit

/// A shared `DateIntervalFormatter` (UTC, POSIX), as a server prints a booking or a report's
/// period (`SharedReadOnlySubject`).
package enum DateIntervalFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case dates = "string(from:to:)"
    case interval = "string(from: DateInterval)"
  }

  package static let id = "dateintervalformatter"
  package static let summary =
    "a shared DateIntervalFormatter (UTC, POSIX, short dates): string(from:to:), from a DateInterval"
  package static let sendable: Bool? = Sendability.of(DateIntervalFormatter.self)
  package static let leavesOut =
    "other date and time styles and templates: not covered yet; time zones other than "
    + "UTC: not covered yet; changing a shared formatter: rare in applications (a "
    + "formatter is configured once)"

  /// Seconds from 1970 of an interval's start and its length. Edges: empty, one second, the
  /// epoch, before it, the years 1 and 9999, and distant past to distant future.
  package static let inputs = InputDomain<Interval>(
    "intervals",
    edges: [
      .init(0, 0), .init(0, 1), .init(-86_400, 86_400), .init(-62_135_596_800, 86_400),
      .init(253_402_214_400, 86_399), .init(-62_135_769_600, 315_537_897_600),
      .init(1_700_000_000, 366 * 86_400),
    ],
    ordinary: (1...249).map { .init(Double($0) * 86_400 * 3, Double($0 % 9) * 86_400) })

  /// A start and a length, in seconds.
  package struct Interval: Sendable, CustomStringConvertible {
    let start: Double
    let length: Double
    init(_ start: Double, _ length: Double) {
      self.start = start
      self.length = length
    }
    package var description: String { "\(Int(start)) + \(Int(length)) s" }
  }

  package static func make() -> DateIntervalFormatter {
    let formatter = DateIntervalFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateStyle = .short
    formatter.timeStyle = .none
    return formatter
  }

  package static func format(
    _ formatter: DateIntervalFormatter, _ call: Call, _ interval: Interval
  ) -> String {
    let start = Date(timeIntervalSince1970: interval.start)
    let end = Date(timeIntervalSince1970: interval.start + interval.length)
    switch call {
    case .dates: return formatter.string(from: start, to: end)
    case .interval: return formatter.string(from: DateInterval(start: start, end: end)) ?? "nil"
    }
  }
}
