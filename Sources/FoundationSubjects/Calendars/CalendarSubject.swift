import Foundation
import StressKit

/// A Swift `Calendar` in a shared `var`, as code that swaps a "current calendar" property
/// does: writes assign a fresh Gregorian calendar in GMT or GMT+5:30, reads copy the var and
/// break a date into components, which must be the arithmetic civil time in the copy's zone.
package final class CalendarSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "calendar",
    summary: "a shared var Calendar: reassigned, copied, dateComponents(_:from:)",
    documented: .notListed, sendable: Sendability.of(Calendar.self), defaultReadRatio: 0.9,
    calls: [
      "Calendar(identifier: .gregorian)", "timeZone set", "a copy of the shared var",
      "dateComponents(_:from:) on a copy",
    ],
    leavesOut:
      "Calendar.current: current-settings covers it; date(byAdding:to:) and ranges: "
      + "calendar-copies covers it; date(from:) and enumerateDates: a shared var races on "
      + "them anyway; mutating one copy while another thread uses the original: "
      + "calendar-copies covers it")

  static let units: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
  // No dynamic exclusivity check: it is per thread, and the race between threads is the point.
  @exclusivity(unchecked) private var calendar = CalendarSubject.gregorian(Zones.utc)

  package init(shape: TrialShape) {}

  static func gregorian(_ zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }

  package func write(_ step: Step) {
    calendar = Self.gregorian(Zones.all[Draw.choice(step.random, 2)])
  }

  package func read(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random)
    // The copy is a value: its components must agree with its own zone, one of the two.
    let copy = calendar
    let zone = copy.timeZone.secondsFromGMT()
    guard Zones.offsets.contains(zone) else { return "copied a calendar at offset \(zone)" }
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    let seen = NSCalendarSubject.civil(copy.dateComponents(Self.units, from: date))
    let expected = CivilTime(epochSeconds: seconds, offset: zone)
    return seen == expected ? nil : "\(seconds) broke into \(seen), expected \(expected)"
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
