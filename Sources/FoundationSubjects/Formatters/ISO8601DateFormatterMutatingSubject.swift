import Foundation
import StressKit

/// One `ISO8601DateFormatter` whose `formatOptions` writes toggle between internet date-time
/// with and without fractional seconds while reads format whole-second dates, accepting either
/// arithmetic form ("…:ssZ" or "…:ss.000Z"). The end options must be one of the two.
package final class ISO8601DateFormatterMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "iso8601dateformatter-mutating",
    summary: "ISO8601DateFormatter, formatOptions toggled while shared: string(from:)",
    documented: .notListed, sendable: Sendability.of(ISO8601DateFormatter.self),
    defaultReadRatio: 0.9)

  static let options: [ISO8601DateFormatter.Options] = [
    [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
  ]
  private let formatter = ISO8601DateFormatter()

  package init(shape: TrialShape) {
    formatter.formatOptions = Self.options[0]
  }

  package func write(_ step: Step) {
    formatter.formatOptions = Self.options[Draw.choice(step.random, 2)]
  }

  package func read(_ step: Step) -> String? {
    let seconds = Draw.seconds(step.random)
    let civil = CivilTime(epochSeconds: seconds)
    let expected = ["\(civil.ymd)T\(civil.hms)Z", "\(civil.ymd)T\(civil.hms).000Z"]
    let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    return expected.contains(text) ? nil : "formatted \(seconds) as \(text), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if !Self.options.contains(formatter.formatOptions) {
      violations.add("formatOptions are now \(formatter.formatOptions.rawValue)")
    }
    if let wrong = read(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
