import Foundation
import StressKit

/// One `ISO8601DateFormatter` with its defaults (internet date-time, GMT), shared read-only as a
/// server shares one for timestamps: each read formats a date, compares it with the string
/// computed arithmetically, and parses it back, requiring the same date.
package final class ISO8601DateFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "iso8601dateformatter",
    summary: "ISO8601DateFormatter, default options, shared read-only: string(from:), date(from:)",
    documented: .notListed, sendable: Sendability.of(ISO8601DateFormatter.self), traits: [.readOnly]
  )

  private let formatter = ISO8601DateFormatter()

  package init(shape: TrialShape) {}

  package func read(_ step: Step) -> String? {
    RoundTrip.problem(
      seconds: Draw.seconds(step.random), expected: { "\($0.ymd)T\($0.hms)Z" },
      format: formatter.string(from:), parse: formatter.date(from:))
  }

  package func check(writesPerThread: [Int]) -> Violations {
    // Reads never change it; it must still be intact and still format correctly.
    var violations = Violations()
    if formatter.formatOptions != .withInternetDateTime {
      violations.add("formatOptions are now \(formatter.formatOptions.rawValue)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
