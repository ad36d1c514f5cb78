import Foundation
import StressKit

/// `NSDate`s shared read-only, read as a server reads timestamps: intervals from every
/// reference, comparison, arithmetic, earlier/later, equality and descriptions, plain and
/// localized (`SharedReadOnlySubject`). The instants lead with the date edges every date
/// subject draws: the epoch, distant past and future, leap days, 2^31 seconds.
package enum NSDateSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case since1970 = "timeIntervalSince1970"
    case sinceReference = "timeIntervalSinceReferenceDate"
    case since = "timeIntervalSince(_:) a fixed date"
    case compare = "compare(_:) the epoch"
    case adding = "addingTimeInterval(86_400)"
    case earlier = "earlierDate(_:), laterDate(_:) the epoch"
    case equal = "isEqual(to:) a fresh date of the same instant, hash"
    case description = "description"
    case localized = "description(with: en_US)"
  }

  package static let id = "nsdate"
  package static let summary =
    "NSDates shared read-only: intervals, compare, arithmetic, equality, descriptions"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSDate.self)
  package static let leavesOut =
    "formatting through formatters: dateformatter and date-formatstyle cover it; "
    + "calendars: nscalendar covers them"
  package static let inputs = InputDomain(
    "instants (s from 1970)", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  static let fixed = Date(timeIntervalSince1970: 1_000_000_000)
  static let epoch = Date(timeIntervalSince1970: 0)

  /// One `NSDate` per instant, made afresh for each trial.
  package static func make() -> [Double: NSDate] {
    Dictionary(
      inputs.values.map { ($0, NSDate(timeIntervalSince1970: $0)) }, uniquingKeysWith: { a, _ in a }
    )
  }

  package static func format(_ dates: [Double: NSDate], _ call: Call, _ seconds: Double)
    -> String
  {
    guard let date = dates[seconds] else { return "no date" }
    switch call {
    case .since1970: return "\(date.timeIntervalSince1970)"
    case .sinceReference: return "\(date.timeIntervalSinceReferenceDate)"
    case .since: return "\(date.timeIntervalSince(fixed))"
    case .compare: return "\(date.compare(epoch).rawValue)"
    case .adding: return "\(date.addingTimeInterval(86_400).timeIntervalSince1970)"
    case .earlier:
      return
        "\(date.earlierDate(epoch).timeIntervalSince1970) \(date.laterDate(epoch).timeIntervalSince1970)"
    case .equal:
      let fresh = NSDate(timeIntervalSince1970: seconds)
      return "\(date.isEqual(to: fresh as Date)) \(date.hash == fresh.hash)"
    case .description: return date.description
    case .localized: return date.description(with: Locale(identifier: "en_US"))
    }
  }
}
