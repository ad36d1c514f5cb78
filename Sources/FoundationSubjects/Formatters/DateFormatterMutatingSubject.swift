import Foundation
import StressKit

/// One `DateFormatter` shared by an app that reconfigures it in place: writes set `dateFormat`
/// and then `timeZone` (two separate sets) to one of 2 formats × 2 zones, and one write in four
/// switches the locale between en_US_POSIX and de_DE (both print these numeric formats alike);
/// reads format a date and accept the arithmetic output of any of the 4 combinations (two
/// separate sets can leave a mix, which is still one of them), or parse a text written in one
/// of them and accept the date any combination reads it as (or nil, in the other format). The
/// end state must be one of the 4.
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
      "timeZone set (UTC, GMT+5:30) (write)", "locale set (en_US_POSIX, de_DE) (write)",
      "string(from:) (read)", "date(from:) (read, 1 in 4)",
    ],
    leavesOut:
      "dateStyle and timeStyle changes: they replace dateFormat with each locale's spelled "
      + "text, which no arithmetic check can foresee; calendar changes: rare in applications")

  static let formats = ["yyyy-MM-dd HH:mm:ss", "dd.MM.yyyy HH:mm"]
  private let formatter = DateFormatter()

  package init(shape: TrialShape) {
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = Zones.utc
    formatter.dateFormat = Self.formats[0]
  }

  static let locales = [Locale(identifier: "en_US_POSIX"), Locale(identifier: "de_DE")]

  package func write(_ step: Step) {
    let config = Draw.choice(step.random, 4)
    formatter.dateFormat = Self.formats[config % 2]
    formatter.timeZone = Zones.all[config / 2]
    if step.random & 3 == 0 { formatter.locale = Self.locales[Int(step.random >> 2) & 1] }
  }

  /// The text `seconds` reads as in format `format` at zone offset `offset`.
  static func text(_ seconds: Int, format: Int, offset: Int) -> String {
    let civil = CivilTime(epochSeconds: seconds, offset: offset)
    return format == 0 ? "\(civil.ymd) \(civil.hms)" : "\(civil.dmy) \(civil.hm)"
  }

  /// A text of one combination parsed by whatever the formatter holds now: nil, or the date
  /// some zone reads it as.
  package func parse(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random) / 60 * 60
    let (format, zone) = (Int(step.random >> 4) & 1, Int(step.random >> 5) & 1)
    let text = Self.text(seconds, format: format, offset: Zones.offsets[zone])
    guard let date = formatter.date(from: text) else { return nil }
    let read = Int(date.timeIntervalSince1970)
    let allowed = Zones.offsets.map { seconds + Zones.offsets[zone] - $0 }
    return allowed.contains(read) ? nil : "parsed '\(text)' as \(read), expected one of \(allowed)"
  }

  /// What each format × zone combination prints for `seconds`.
  static func expected(_ seconds: Int) -> [String] {
    Zones.offsets.flatMap { offset in
      [text(seconds, format: 0, offset: offset), text(seconds, format: 1, offset: offset)]
    }
  }

  package func read(_ step: Step) -> String? {
    if step.random & 3 == 1 { return parse(step) }
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
