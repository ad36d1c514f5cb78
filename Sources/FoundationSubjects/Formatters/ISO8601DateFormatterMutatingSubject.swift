import Foundation
import StressKit
import Synchronization

/// One `ISO8601DateFormatter` reconfigured and used in place, as a shared formatter is: each
/// write formats a date and then toggles `formatOptions` between internet date-time with and
/// without fractional seconds; reads format.
///
/// Setting the options drops a cached formatter that `string(from:)` rebuilds from them. A
/// rebuild that races a set caches a formatter for the other options, and every date then
/// prints in the wrong form until the next set. So a format is checked strictly, against the
/// options it sees, when no set was in flight from before it started to after it ended (two
/// counters around each set tell); otherwise it may print either form of the whole-second date
/// ("…:ssZ" or "…:ss.000Z"). What a write's format finds wrong is kept for the end check.
package final class ISO8601DateFormatterMutatingSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "iso8601dateformatter-mutating",
    summary: "ISO8601DateFormatter, formatOptions toggled while shared: string(from:)",
    documented: .notListed, sendable: Sendability.of(ISO8601DateFormatter.self),
    defaultReadRatio: 0.9,
    calls: [
      "formatOptions set ([.withInternetDateTime], with .withFractionalSeconds) (write)",
      "string(from:) (read, and in each write before it sets)",
    ],
    leavesOut: "date(from:) while reconfigured: the subject already fails without it; timeZone "
      + "changes: its setter drops the cached formatter as formatOptions's does "
      + "(swift-corelibs-foundation 4566); other option sets: iso8601dateformatter covers "
      + "them")

  static let options: [ISO8601DateFormatter.Options] = [
    [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
  ]
  private let formatter: ISO8601DateFormatter
  /// Sets begun and sets ended: equal while none is in flight.
  private let setsBegun = Atomic<Int>(0)
  private let setsEnded = Atomic<Int>(0)
  /// What writes' formats found wrong (touched only on a failure).
  private let writeViolations = Mutex(Violations())

  package convenience init(shape: TrialShape) {
    self.init(shape: shape, formatter: ISO8601DateFormatter())
  }

  /// With a formatter of the test's (one that misbehaves on purpose, to check the oracle).
  package init(shape: TrialShape, formatter: ISO8601DateFormatter) {
    self.formatter = formatter
    formatter.formatOptions = Self.options[0]
  }

  package func write(_ step: Step) {
    if let wrong = format(step) { writeViolations.withLock { $0.add(wrong) } }
    setsBegun.add(1, ordering: .sequentiallyConsistent)
    formatter.formatOptions = Self.options[Draw.choice(step.random >> 32, 2)]
    setsEnded.add(1, ordering: .sequentiallyConsistent)
  }

  package func read(_ step: Step) -> String? {
    format(step)
  }

  /// Formats a whole-second date drawn from `step`: nil if it printed in a form the options
  /// could give, else what is wrong.
  func format(_ step: Step) -> String? {
    let ended = setsEnded.load(ordering: .sequentiallyConsistent)
    let begun = setsBegun.load(ordering: .sequentiallyConsistent)
    let options = formatter.formatOptions
    let seconds = Draw.seconds(step.random)
    let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    let quiet = begun == ended && setsBegun.load(ordering: .sequentiallyConsistent) == begun
    let civil = CivilTime(epochSeconds: seconds)
    let forms = ["\(civil.ymd)T\(civil.hms)Z", "\(civil.ymd)T\(civil.hms).000Z"]
    guard quiet else {
      return forms.contains(text) ? nil : "formatted \(seconds) as \(text), expected \(forms)"
    }
    guard let set = Self.options.firstIndex(of: options) else {
      return "formatOptions were \(options.rawValue) with no set in flight"
    }
    return text == forms[set]
      ? nil
      : "formatted \(seconds) as \(text) with no set in flight, expected \(forms[set]) "
        + "(formatOptions \(options.rawValue))"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = writeViolations.withLock { $0 }
    if let wrong = format(Step(thread: 0, seq: 0, random: 1_234_567_890)) { violations.add(wrong) }
    return violations
  }
}
