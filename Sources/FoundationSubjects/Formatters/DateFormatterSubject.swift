import Foundation
import StressKit

/// One `DateFormatter` with a fixed configuration, shared read-only the way an app shares a
/// cached formatter: each read formats a date, compares it with the string computed
/// arithmetically, and parses it back with the same formatter, requiring the same date.
package final class DateFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "dateformatter",
    summary: "DateFormatter, fixed config, shared read-only: string(from:), date(from:)",
    documented: .unsafe,
    reference:
      "DateFormatter reference: thread safe on iOS 7 and later, and on macOS 10.9 and later "
      + "in a 64-bit app",
    sendable: Sendability.of(DateFormatter.self), traits: [.readOnly])

  private let formatter = DateFormatter()

  package init(shape: TrialShape) {
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = Zones.utc
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
  }

  package func read(_ step: Step) -> String? {
    RoundTrip.problem(
      seconds: Draw.seconds(step.random), expected: { "\($0.ymd)T\($0.hms)" },
      format: formatter.string(from:), parse: formatter.date(from:))
  }

  package func check(writesPerThread: [Int]) -> Violations {
    // Reads never change it; it must still be intact and still format correctly.
    var violations = Violations()
    let zone = formatter.timeZone?.secondsFromGMT()
    if formatter.dateFormat != "yyyy-MM-dd'T'HH:mm:ss" || zone != 0 {
      violations.add("config is now \(formatter.dateFormat ?? "nil") at offset \(zone ?? -1)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
