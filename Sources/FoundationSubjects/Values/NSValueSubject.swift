import Foundation
import StressKit

/// 256 `NSValue`s boxing ranges, shared read-only: reads unbox one, which must be the range
/// it was made from.
package final class NSValueSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsvalue", summary: "NSValue boxing NSRange, shared read-only: rangeValue",
    documented: .safe, sendable: Sendability.of(NSValue.self), traits: [.readOnly],
    calls: [
      "rangeValue"
    ],
    leavesOut:
      "other boxed types (pointValue, sizeValue, rectValue), getValue(_:), isEqual(to:), hash")

  private let values: [NSValue]

  package init(shape: TrialShape) {
    values = (0..<256).map { NSValue(range: NSRange(location: $0 * 7, length: $0 + 1)) }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, values.count)
    let range = values[i].rangeValue
    return range == NSRange(location: i * 7, length: i + 1) ? nil : "value \(i) holds \(range)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
