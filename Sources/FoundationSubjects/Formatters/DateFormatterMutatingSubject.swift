import Foundation
import StressKit

/// One `DateFormatter` shared by an app that reconfigures it in place: writes set `dateFormat`
/// and then `timeZone` (two separate sets) to one of 2 formats × 2 zones; reads format a date
/// and accept the arithmetic output of any of the 4 combinations (two separate sets can leave
/// a mix, which is still one of them). The end state must be one of the 4.
package final class DateFormatterMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "dateformatter-mutating",
    summary: "DateFormatter reconfigured while shared: dateFormat, timeZone, string(from:)",
    documented: .unsafe,
    reference:
      "DateFormatter reference: thread safe on iOS 7 and later, and on macOS 10.9 and later "
      + "in a 64-bit app",
    sendable: Sendability.of(DateFormatter.self), defaultReadRatio: 0.9,
    calls: [
      "dateFormat set (yyyy-MM-dd HH:mm:ss, dd.MM.yyyy HH:mm) (write)",
      "timeZone set (UTC, GMT+5:30) (write)", "string(from:) (read)",
    ],
    leavesOut: "date(from:) while reconfigured: not covered yet; locale and style changes: not "
      + "covered yet; calendar changes: rare in applications")

  static let formats = ["yyyy-MM-dd HH:mm:ss", "dd.MM.yyyy HH:mm"]
  private let formatter = DateFormatter()

  package init(shape: TrialShape) {
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = Zones.utc
    formatter.dateFormat = Self.formats[0]
  }

  package func write(_ step: Step) {
    let config = Draw.choice(step.random, 4)
    formatter.dateFormat = Self.formats[config % 2]
    formatter.timeZone = Zones.all[config / 2]
  }

  /// What each format × zone combination prints for `seconds`.
  static func expected(_ seconds: Int) -> [String] {
    Zones.offsets.flatMap { offset in
      let civil = CivilTime(epochSeconds: seconds, offset: offset)
      return ["\(civil.ymd) \(civil.hms)", "\(civil.dmy) \(civil.hm)"]
    }
  }

  package func read(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random)
    let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    let expected = Self.expected(seconds)
    return expected.contains(text)
      ? nil : "formatted \(seconds) as \(text), expected one of \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let format = formatter.dateFormat ?? "nil"
    let zone = formatter.timeZone?.secondsFromGMT() ?? -1
    if !Self.formats.contains(format) || !Zones.offsets.contains(zone) {
      violations.add("config is now \(format) at offset \(zone)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
