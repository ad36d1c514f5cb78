import Foundation
import StressKit

/// One Gregorian `NSCalendar` in GMT shared read-only, as a server shares one for date math:
/// each read breaks a date into components and compares them with the civil time computed
/// arithmetically.
package final class NSCalendarSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscalendar",
    summary: "NSCalendar, Gregorian in GMT, shared read-only: components(_:from:)",
    documented: .unsafe, sendable: Sendability.of(NSCalendar.self), traits: [.readOnly],
    calls: [
      "components(_:from:) (year…second)"
    ],
    leavesOut:
      "date(byAdding:to:options:), date(from:), range(of:in:for:), startOfDay(for:), enumerateDates, non-GMT zones"
  )

  static let units: NSCalendar.Unit = [.year, .month, .day, .hour, .minute, .second]
  private let calendar = NSCalendar(calendarIdentifier: .gregorian)!

  package init(shape: TrialShape) {
    calendar.timeZone = Zones.utc
  }

  /// The civil time `components` holds, with missing fields as -1.
  static func civil(_ c: DateComponents) -> CivilTime {
    CivilTime(
      year: c.year ?? -1, month: c.month ?? -1, day: c.day ?? -1, hour: c.hour ?? -1,
      minute: c.minute ?? -1, second: c.second ?? -1)
  }

  package func read(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random)
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    let seen = Self.civil(calendar.components(Self.units, from: date))
    let expected = CivilTime(epochSeconds: seconds)
    return seen == expected ? nil : "\(seconds) broke into \(seen), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    // Reads never change it; it must still be intact and still compute correctly.
    var violations = Violations()
    if calendar.timeZone.secondsFromGMT() != 0 {
      violations.add("time zone is now \(calendar.timeZone.identifier)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
