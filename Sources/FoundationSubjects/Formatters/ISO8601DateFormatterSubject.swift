import Foundation
import StressKit

/// One `ISO8601DateFormatter` with its defaults (internet date-time, GMT), shared read-only as a
/// server shares one for timestamps: each read formats a date, compares it with the string
/// computed arithmetically, and parses it back, requiring the same date.
public final class ISO8601DateFormatterSubject: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "iso8601dateformatter",
    summary: "ISO8601DateFormatter, default options, shared read-only: string(from:), date(from:)",
    documented: .notListed, sendable: Sendability.of(ISO8601DateFormatter.self), readOnly: true)

  private let formatter = ISO8601DateFormatter()

  public init(shape: TrialShape) {}

  public func read(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random)
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    let civil = CivilTime(epochSeconds: seconds)
    let expected = "\(civil.ymd)T\(civil.hms)Z"
    let text = formatter.string(from: date)
    guard text == expected else { return "formatted \(seconds) as \(text), expected \(expected)" }
    guard let parsed = formatter.date(from: text) else { return "could not parse \(text)" }
    return parsed == date ? nil : "parsed \(text) as \(parsed.timeIntervalSince1970)"
  }

  public func check(writesPerThread: [Int]) -> Violations {
    // Reads never change it; it must still be intact and still format correctly.
    var violations = Violations()
    if formatter.formatOptions != .withInternetDateTime {
      violations.add("formatOptions are now \(formatter.formatOptions.rawValue)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
