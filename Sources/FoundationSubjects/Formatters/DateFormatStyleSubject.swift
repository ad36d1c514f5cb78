import Foundation
import StressKit

/// The Sendable value-type alternative to a shared formatter: one `Date.ISO8601FormatStyle`
/// (GMT) held as a `let` and shared read-only; each read formats a date, compares it with the
/// string computed arithmetically, and parses it back, requiring the same date.
package final class DateFormatStyleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "date-formatstyle",
    summary: "Date.ISO8601FormatStyle, a let shared read-only: format(_:), parse(_:)",
    documented: .notListed, sendable: Sendability.of(Date.ISO8601FormatStyle.self),
    expectations: [
      .neverFails(
        .unprotected, because: "Date.ISO8601FormatStyle is a Sendable value type, shared as a let")
    ], traits: [.readOnly])

  private let style = Date.ISO8601FormatStyle(timeZone: Zones.utc)

  package init(shape: TrialShape) {}

  package func read(_ step: Step) -> String? {
    RoundTrip.problem(
      seconds: Draw.seconds(step.random), expected: { "\($0.ymd)T\($0.hms)Z" },
      format: style.format, parse: { try? style.parse($0) })
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
