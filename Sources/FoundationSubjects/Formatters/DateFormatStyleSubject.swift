import Foundation
import StressKit

/// The Sendable value-type alternative to a shared formatter: `Date.ISO8601FormatStyle` and
/// `Date.FormatStyle` held as lets and shared read-only, both directions
/// (`SharedReadOnlySubject`).
package enum DateFormatStyleSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case format = "Date.ISO8601FormatStyle.format(_:)"
    case parse = "Date.ISO8601FormatStyle.parse(_:)"
    case formatted = "Date.formatted(.iso8601)"
    case strategy = "Date(_:strategy: .iso8601)"
    case numeric = "Date.FormatStyle(date: .numeric, time: .standard).format(_:)"
  }

  package static let id = "date-formatstyle"
  package static let summary =
    "Date.ISO8601FormatStyle and Date.FormatStyle, lets shared read-only: format, parse"
  package static let sendable: Bool? = Sendability.of(Date.ISO8601FormatStyle.self)
  package static let expectations: [Expectation] = [
    .neverFails(
      .unprotected,
      because:
        "Date.ISO8601FormatStyle and Date.FormatStyle are Sendable value types, shared as lets")
  ]
  package static let leavesOut =
    "relative, interval and component styles: not covered yet; attributed output: "
    + "rare on Linux, where no UI shows its attributes; locales beyond en_US: not "
    + "covered yet"
  package static let inputs = InputDomain(
    "seconds from 1970", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  package static func make() -> (Date.ISO8601FormatStyle, Date.FormatStyle) {
    (
      Date.ISO8601FormatStyle(timeZone: Zones.utc),
      Date.FormatStyle(
        date: .numeric, time: .standard, locale: Locale(identifier: "en_US"), timeZone: Zones.utc)
    )
  }

  package static func format(
    _ styles: (Date.ISO8601FormatStyle, Date.FormatStyle), _ call: Call, _ seconds: Double
  ) -> String {
    let date = Date(timeIntervalSince1970: seconds)
    switch call {
    case .format: return styles.0.format(date)
    case .parse:
      return (try? styles.0.parse(styles.0.format(date))).map { "\($0.timeIntervalSince1970)" }
        ?? "nil"
    case .formatted: return date.formatted(.iso8601)
    case .strategy:
      return (try? Date(date.formatted(.iso8601), strategy: .iso8601)).map {
        "\($0.timeIntervalSince1970)"
      } ?? "nil"
    case .numeric: return styles.1.format(date)
    }
  }
}
