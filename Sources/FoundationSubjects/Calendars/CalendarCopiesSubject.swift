import Foundation
import StressKit

/// One Gregorian `Calendar` in a shared `let`, which every thread copies and configures for
/// its own request (a zone, a first weekday, a locale) before it computes with the copy, as a
/// server localizing dates per user does (`SharedReadOnlySubject`). Value semantics promise
/// that no copy's change reaches the original or another copy; swift-corelibs-foundation
/// issue 4630 ("Calendar's CoW is broken") is where they did not. The zones are ones with a
/// half-hour offset and with daylight saving, the dates the date edges. Copies also enumerate
/// dates, and shared Islamic (Umm al-Qura) and Buddhist calendars are read beside it.
package enum CalendarCopiesSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case components = "a copy, timeZone set: dateComponents(_:from:)"
    case weekday = "a copy, firstWeekday = 2 and timeZone set: component(.weekday), weekOfYear"
    case adding = "a copy, timeZone set: date(byAdding: .day, value: 1, to:), startOfDay(for:)"
    case range =
      "a copy, timeZone set: range(of: .day, in: .month, for:), dateInterval(of: .weekOfYear)"
    case locale = "a copy, locale = de_DE: weekdaySymbols, shortMonthSymbols"
    case original = "the original, after other threads' copies changed: timeZone, dateComponents"
    case enumerate =
      "a copy, timeZone set: enumerateDates(startingAfter:matching: hour 9, .nextTime) (first 3)"
    case others =
      "shared lets of .islamicUmmAlQura and .buddhist calendars: dateComponents(_:from:)"
  }

  package static let id = "calendar-copies"
  package static let summary =
    "a shared let Calendar, copied and configured per request: components, arithmetic, ranges"
  package static let reference: String? =
    "Calendar is a value type: a copy's changes never reach the original or another copy"
  package static let sendable: Bool? = Sendability.of(Calendar.self)
  package static let leavesOut =
    "Calendar.current and autoupdatingCurrent: current-settings covers it; "
    + "a calendar var reassigned while read: calendar covers it"
  package static let zones = ["America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "GMT"]
  package static let inputs = InputDomain(
    "zone and instant",
    edges: Array(0..<(zones.count * Edges.dates.count)),
    ordinary: Array((zones.count * Edges.dates.count)..<(zones.count * (Edges.dates.count + 40))),
    describe: { "\(zones[$0 % zones.count]) \(instant($0))" })

  static func instant(_ input: Int) -> Double {
    let k = input / zones.count
    return k < Edges.dates.count ? Edges.dates[k] : Edges.ordinaryDates[k - Edges.dates.count]
  }

  /// The original, Gregorian in GMT, and the two others, made afresh for each trial.
  package static func make() -> [Calendar] {
    [Calendar.Identifier.gregorian, .islamicUmmAlQura, .buddhist].map {
      var calendar = Calendar(identifier: $0)
      calendar.timeZone = TimeZone(identifier: "GMT")!
      return calendar
    }
  }

  package static func format(_ calendars: [Calendar], _ call: Call, _ input: Int) -> String {
    let shared = calendars[0]
    let date = Date(timeIntervalSince1970: instant(input))
    var copy = shared
    copy.timeZone = TimeZone(identifier: zones[input % zones.count])!
    let units: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .weekday]
    func spell(_ c: DateComponents) -> String {
      "\(c.year ?? -1)-\(c.month ?? -1)-\(c.day ?? -1) \(c.hour ?? -1):\(c.minute ?? -1) w\(c.weekday ?? -1)"
    }
    switch call {
    case .components: return spell(copy.dateComponents(units, from: date))
    case .weekday:
      copy.firstWeekday = 2
      return "\(copy.component(.weekday, from: date)) \(copy.component(.weekOfYear, from: date))"
    case .adding:
      let next = copy.date(byAdding: .day, value: 1, to: date)?.timeIntervalSince1970
      return "\(next ?? .nan) \(copy.startOfDay(for: date).timeIntervalSince1970)"
    case .range:
      let days = copy.range(of: .day, in: .month, for: date)
      let week = copy.dateInterval(of: .weekOfYear, for: date)
      return
        "\(days.map { "\($0)" } ?? "nil") \(week.map { "\($0.start.timeIntervalSince1970)+\($0.duration)" } ?? "nil")"
    case .locale:
      copy.locale = Locale(identifier: "de_DE")
      return
        "\(copy.weekdaySymbols.joined(separator: ",")) \(copy.shortMonthSymbols.joined(separator: ","))"
    case .original:
      return "\(shared.timeZone.identifier) \(spell(shared.dateComponents(units, from: date)))"
    case .enumerate:
      var found: [Double] = []
      copy.enumerateDates(
        startingAfter: date, matching: DateComponents(hour: 9), matchingPolicy: .nextTime
      ) { next, _, stop in
        found.append(next?.timeIntervalSince1970 ?? .nan)
        stop = found.count == 3
      }
      return "\(found)"
    case .others:
      return calendars[1...].map { spell($0.dateComponents(units, from: date)) }.joined(
        separator: " ")
    }
  }
}
