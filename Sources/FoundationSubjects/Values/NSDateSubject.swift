import Foundation
import StressKit

/// 256 `NSDate`s shared read-only: reads compare two of them and ask one for its interval
/// since 1970, which arithmetic predicts.
package final class NSDateSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsdate", summary: "NSDate, shared read-only: timeIntervalSince1970, compare(_:)",
    documented: .safe, sendable: Sendability.of(NSDate.self), traits: [.readOnly],
    calls: [
      "timeIntervalSince1970",
      "compare(_:)",
    ],
    leavesOut:
      "timeIntervalSince(_:), addingTimeInterval(_:), isEqual(to:), earlierDate(_:)/laterDate(_:), description"
  )

  private let dates: [NSDate]

  package init(shape: TrialShape) {
    dates = (0..<256).map { NSDate(timeIntervalSince1970: Double($0) * 86_400.25) }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, dates.count)
    let j = Draw.choice(step.random >> 20, dates.count)
    guard dates[i].timeIntervalSince1970 == Double(i) * 86_400.25 else {
      return "date \(i) is \(dates[i].timeIntervalSince1970)"
    }
    let order = dates[i].compare(dates[j] as Date)
    let expected: ComparisonResult =
      i < j ? .orderedAscending : i > j ? .orderedDescending : .orderedSame
    return order == expected ? nil : "date \(i) compared to \(j) is \(order.rawValue)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
