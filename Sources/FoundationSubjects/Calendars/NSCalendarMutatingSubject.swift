import Foundation
import StressKit

/// One Gregorian `NSCalendar` whose `timeZone` writes switch between GMT and GMT+5:30 while
/// reads break dates into components, accepting the arithmetic civil time in either zone. The
/// end time zone must be one of the two.
package final class NSCalendarMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscalendar-mutating",
    summary: "NSCalendar, timeZone switched while shared: components(_:from:)",
    documented: .unsafe, sendable: Sendability.of(NSCalendar.self), defaultReadRatio: 0.9,
    calls: [
      "timeZone set, GMT or GMT+5:30 (write)",
      "components(_:from:) (year…second) (read)",
    ],
    leavesOut:
      "date(byAdding:to:options:), date(from:), range(of:in:for:), locale or firstWeekday changes, NSCalendar.current"
  )

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
    let seen = NSCalendarSubject.civil(calendar.components(NSCalendarSubject.units, from: date))
    let expected = Zones.offsets.map { CivilTime(epochSeconds: seconds, offset: $0) }
    return expected.contains(seen) ? nil : "\(seconds) broke into \(seen), expected \(expected)"
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
