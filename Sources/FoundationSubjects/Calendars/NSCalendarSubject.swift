import Foundation
import StressKit

/// Gregorian `NSCalendar`s shared read-only, one in GMT and one in New York (daylight saving),
/// as a server shares one for date math (`SharedReadOnlySubject`): breaking dates into
/// components, single components, adding, building dates back, start of day, ranges (whose
/// old implementation changed the shared calendar inside, swift-corelibs-foundation issue
/// 3217), and matching. The instants are the date edges.
package enum NSCalendarSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case components = "components(_:from:) (year…second)"
    case component = "component(_:from:) (.weekday, .weekOfYear)"
    case adding = "date(byAdding:to:options:) (1 month, 1 day)"
    case from = "date(from:) the components back"
    case startOfDay = "startOfDay(for:)"
    case range = "range(of: .day, in: .month, for:)"
    case rangeOfUnit = "range(of: .weekOfYear, for:) (a DateInterval)"
    case zoned = "components(_:from:) (America/New_York)"
    case matches = "date(_:matchesComponents:) (hour 0)"
  }

  package static let id = "nscalendar"
  package static let summary =
    "Gregorian NSCalendars shared read-only: components, arithmetic, dates back, ranges"
  package static let documented = DocumentedSafety.unsafe
  package static let sendable: Bool? = Sendability.of(NSCalendar.self)
  package static let leavesOut =
    "enumerateDates: not covered yet; non-Gregorian calendars: not covered yet; "
    + "changing a shared calendar: nscalendar-mutating covers it"
  package static let inputs = InputDomain(
    "instants (s from 1970)", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  static let units: NSCalendar.Unit = [.year, .month, .day, .hour, .minute, .second]

  /// GMT and New York, made afresh for each trial.
  package static func make() -> [NSCalendar] {
    ["GMT", "America/New_York"].map {
      let calendar = NSCalendar(calendarIdentifier: .gregorian)!
      calendar.timeZone = TimeZone(identifier: $0)!
      return calendar
    }
  }

  /// The civil time `components` holds, with missing fields as -1.
  static func civil(_ c: DateComponents) -> CivilTime {
    CivilTime(
      year: c.year ?? -1, month: c.month ?? -1, day: c.day ?? -1, hour: c.hour ?? -1,
      minute: c.minute ?? -1, second: c.second ?? -1)
  }

  package static func format(_ calendars: [NSCalendar], _ call: Call, _ seconds: Double)
    -> String
  {
    let gmt = calendars[0]
    let date = Date(timeIntervalSince1970: seconds)
    func at(_ d: Date?) -> String { d.map { "\($0.timeIntervalSince1970)" } ?? "nil" }
    switch call {
    case .components: return "\(civil(gmt.components(units, from: date)))"
    case .component:
      return "\(gmt.component(.weekday, from: date)) \(gmt.component(.weekOfYear, from: date))"
    case .adding:
      var step = DateComponents()
      step.month = 1
      step.day = 1
      return at(gmt.date(byAdding: step, to: date, options: []))
    case .from: return at(gmt.date(from: gmt.components(units, from: date)))
    case .startOfDay: return at(gmt.startOfDay(for: date))
    case .range: return "\(gmt.range(of: .day, in: .month, for: date))"
    case .rangeOfUnit:
      let week = gmt.range(of: .weekOfYear, for: date)
      return "\(at(week?.start)) \(week?.duration ?? -1)"
    case .zoned: return "\(civil(calendars[1].components(units, from: date)))"
    case .matches:
      var midnight = DateComponents()
      midnight.hour = 0
      return "\(gmt.date(date, matchesComponents: midnight))"
    }
  }
}
