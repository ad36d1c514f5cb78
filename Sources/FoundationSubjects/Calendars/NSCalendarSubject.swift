import Foundation
import StressKit

/// Gregorian `NSCalendar`s shared read-only, one in GMT and one in New York (daylight saving),
/// as a server shares one for date math (`SharedReadOnlySubject`): breaking dates into
/// components, single components, adding, building dates back, start of day, ranges (whose
/// old implementation changed the shared calendar inside, swift-corelibs-foundation issue
/// 3217), matching and enumerating, and a shared Hebrew and a shared Japanese one. The
/// instants are the date edges.
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
    case enumerate =
      "enumerateDates(startingAfter:matching: hour 9, options: .matchNextTime) (the first 3)"
    case hebrew = "components(_:from:) (a shared Hebrew NSCalendar)"
    case japanese = "components(_:from:) (a shared Japanese NSCalendar, with its era)"
  }

  package static let id = "nscalendar"
  package static let summary =
    "Gregorian NSCalendars shared read-only: components, arithmetic, dates back, ranges"
  package static let documented = DocumentedSafety.unsafe
  package static let sendable: Bool? = Sendability.of(NSCalendar.self)
  package static let leavesOut =
    "changing a shared calendar: nscalendar-mutating covers it"
  package static let inputs = InputDomain(
    "instants (s from 1970)", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  static let units: NSCalendar.Unit = [.year, .month, .day, .hour, .minute, .second]

  /// Gregorian in GMT and New York, Hebrew and Japanese in GMT, made afresh for each trial.
  package static func make() -> [NSCalendar] {
    let kinds: [(NSCalendar.Identifier, String)] = [
      (.gregorian, "GMT"), (.gregorian, "America/New_York"), (.hebrew, "GMT"), (.japanese, "GMT"),
    ]
    return kinds.map { kind, zone in
      let calendar = NSCalendar(calendarIdentifier: kind)!
      calendar.timeZone = TimeZone(identifier: zone)!
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
    case .enumerate:
      var nine = DateComponents()
      nine.hour = 9
      var found: [String] = []
      gmt.enumerateDates(startingAfter: date, matching: nine, options: .matchNextTime) {
        next, _, stop in
        found.append(at(next))
        if found.count == 3 { stop.pointee = true }
      }
      return found.joined(separator: " ")
    case .hebrew: return "\(civil(calendars[2].components(units, from: date)))"
    case .japanese:
      let era = calendars[3].component(.era, from: date)
      return "\(era) \(civil(calendars[3].components(units, from: date)))"
    }
  }
}
