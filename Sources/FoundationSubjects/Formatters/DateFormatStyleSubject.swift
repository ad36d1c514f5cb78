import Foundation
import StressKit

/// The Sendable value-type alternative to a shared formatter: `Date.ISO8601FormatStyle` and
/// `Date.FormatStyle` held as lets and shared read-only, both directions, in en_US and UTC and
/// in ja_JP and Asia/Tokyo, with the interval style for a range from each date
/// (`SharedReadOnlySubject`).
package enum DateFormatStyleSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case format = "Date.ISO8601FormatStyle.format(_:)"
    case parse = "Date.ISO8601FormatStyle.parse(_:)"
    case formatted = "Date.formatted(.iso8601)"
    case strategy = "Date(_:strategy: .iso8601)"
    case numeric = "Date.FormatStyle(date: .numeric, time: .standard).format(_:)"
    case tokyo = "Date.FormatStyle(date: .long, time: .shortened, ja_JP, Asia/Tokyo).format(_:)"
    case interval = "Range<Date>.formatted(.interval.locale(en_US)) (the date to a day later)"
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
    "the relative style: it formats against the clock's now, so an answer made before the "
    + "threads can differ from one made in them at a unit's edge, with no race; the components style: Linux's Foundation has no "
    + "Date.ComponentsFormatStyle; attributed "
    + "output: rare on Linux, where no UI shows its attributes"
  package static let inputs = InputDomain(
    "seconds from 1970", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  /// The shared styles: ISO 8601, a numeric en_US one and a long ja_JP one.
  package struct Styles: Sendable {
    var iso = Date.ISO8601FormatStyle(timeZone: Zones.utc)
    var numeric = Date.FormatStyle(
      date: .numeric, time: .standard, locale: Locale(identifier: "en_US"), timeZone: Zones.utc)
    var tokyo = Date.FormatStyle(
      date: .long, time: .shortened, locale: Locale(identifier: "ja_JP"),
      timeZone: TimeZone(identifier: "Asia/Tokyo") ?? Zones.utc)
  }

  package static func make() -> Styles { Styles() }

  package static func format(_ styles: Styles, _ call: Call, _ seconds: Double) -> String {
    let date = Date(timeIntervalSince1970: seconds)
    let day = date..<date.addingTimeInterval(90_061)
    switch call {
    case .format: return styles.iso.format(date)
    case .parse:
      return (try? styles.iso.parse(styles.iso.format(date))).map {
        "\($0.timeIntervalSince1970)"
      } ?? "nil"
    case .formatted: return date.formatted(.iso8601)
    case .strategy:
      return (try? Date(date.formatted(.iso8601), strategy: .iso8601)).map {
        "\($0.timeIntervalSince1970)"
      } ?? "nil"
    case .numeric: return styles.numeric.format(date)
    case .tokyo: return styles.tokyo.format(date)
    case .interval:
      return day.formatted(
        Date.IntervalFormatStyle(locale: Locale(identifier: "en_US"), timeZone: Zones.utc))
    }
  }
}
