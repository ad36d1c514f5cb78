import Foundation
import StressKit

/// Shared `DateIntervalFormatter`s, as a server prints a booking or a report's period: UTC,
/// POSIX, short dates; Europe/Paris, fr_FR, medium dates and short times; and a template in
/// en_US and America/Los_Angeles (`SharedReadOnlySubject`).
package enum DateIntervalFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case dates = "string(from:to:)"
    case interval = "string(from: DateInterval)"
    case paris = "string(from:to:) (Europe/Paris, fr_FR, dateStyle .medium, timeStyle .short)"
    case template = "string(from:to:) (America/Los_Angeles, en_US, dateTemplate \"yMMMdjm\")"
  }

  package static let id = "dateintervalformatter"
  package static let summary =
    "a shared DateIntervalFormatter (UTC, POSIX, short dates): string(from:to:), from a DateInterval"
  package static let sendable: Bool? = Sendability.of(DateIntervalFormatter.self)
  package static let leavesOut =
    "changing a shared formatter: rare in applications (a "
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

  package static func make() -> [DateIntervalFormatter] {
    let settings: [(String, String, DateIntervalFormatter.Style, DateIntervalFormatter.Style)] = [
      ("UTC", "en_US_POSIX", .short, .none), ("Europe/Paris", "fr_FR", .medium, .short),
      ("America/Los_Angeles", "en_US", .none, .none),
    ]
    let formatters = settings.map { zone, locale, date, time in
      let formatter = DateIntervalFormatter()
      formatter.timeZone = TimeZone(identifier: zone)
      formatter.locale = Locale(identifier: locale)
      formatter.dateStyle = date
      formatter.timeStyle = time
      return formatter
    }
    formatters[2].dateTemplate = "yMMMdjm"
    return formatters
  }

  package static func format(
    _ formatters: [DateIntervalFormatter], _ call: Call, _ interval: Interval
  ) -> String {
    let formatter = formatters[0]
    let start = Date(timeIntervalSince1970: interval.start)
    let end = Date(timeIntervalSince1970: interval.start + interval.length)
    switch call {
    case .dates: return formatter.string(from: start, to: end)
    case .interval: return formatter.string(from: DateInterval(start: start, end: end)) ?? "nil"
    case .paris: return formatters[1].string(from: start, to: end)
    case .template: return formatters[2].string(from: start, to: end)
    }
  }
}
