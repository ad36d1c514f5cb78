import Foundation
import StressKit

/// One Gregorian `NSCalendar` whose `timeZone` writes switch between GMT and GMT+5:30 while
/// reads break dates into components, find the start of their day, add a day and ask the
/// day's range in its month, each held to arithmetic in either zone (neither has DST, so a
/// day is always 86,400 s). The end time zone must be one of the two.
package final class NSCalendarMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscalendar-mutating",
    summary: "NSCalendar, timeZone switched while shared: components(_:from:)",
    documented: .unsafe, sendable: Sendability.of(NSCalendar.self), defaultReadRatio: 0.9,
    calls: ["timeZone set, GMT or GMT+5:30 (write)"]
      + Read.allCases.map { "\($0.rawValue) (read)" },
    leavesOut: "date(from:): nscalendar covers it; locale or firstWeekday changes: the subject "
      + "already fails with timeZone changes alone; NSCalendar.current: current-settings "
      + "covers it (on Linux it returns Calendar.current)")

  package enum Read: String, CaseIterable {
    case components = "components(_:from:) (year…second)"
    case startOfDay = "startOfDay(for:)"
    case adding = "date(byAdding: .day, value: 1, to:options:)"
    case range = "range(of: .day, in: .month, for:)"
  }

  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)

  private let calendar = NSCalendar(calendarIdentifier: .gregorian)!

  package init(shape: TrialShape) {
    calendar.timeZone = Zones.utc
  }

  package func write(_ step: Step) {
    calendar.timeZone = Zones.all[Draw.choice(step.random, 2)]
  }

  package func read(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random)
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    let civil = Zones.offsets.map { CivilTime(epochSeconds: seconds, offset: $0) }
    switch Self.reads[step] {
    case .components:
      let seen = NSCalendarSubject.civil(calendar.components(NSCalendarSubject.units, from: date))
      return civil.contains(seen) ? nil : "\(seconds) broke into \(seen), expected \(civil)"
    case .startOfDay:
      let start = Int(calendar.startOfDay(for: date).timeIntervalSince1970)
      let expected = zip(Zones.offsets, civil).map { offset, time in
        seconds - time.hour * 3600 - time.minute * 60 - time.second
      }
      return expected.contains(start) ? nil : "the day of \(seconds) starts at \(start)"
    case .adding:
      let next = calendar.date(byAdding: .day, value: 1, to: date, options: [])
      let expected = TimeInterval(seconds + 86_400)
      return next?.timeIntervalSince1970 == expected
        ? nil : "a day after \(seconds) is \(next.map { "\($0.timeIntervalSince1970)" } ?? "nil")"
    case .range:
      let range = calendar.range(of: .day, in: .month, for: date)
      let lengths = civil.map { Self.daysIn(month: $0.month, year: $0.year) }
      return range.location == 1 && lengths.contains(range.length)
        ? nil : "the month of \(seconds) has days \(range), expected 1..<\(lengths)"
    }
  }

  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if !Zones.offsets.contains(calendar.timeZone.secondsFromGMT()) {
      violations.add("time zone is now \(calendar.timeZone.identifier)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
