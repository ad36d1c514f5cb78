import Foundation
import StressKit

/// 256 `NSNumber`s (integers and doubles) shared read-only: reads ask one for its int, double
/// and string values, which arithmetic predicts.
package final class NSNumberSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsnumber", summary: "NSNumber, shared read-only: intValue, doubleValue, stringValue",
    documented: .safe, sendable: Sendability.of(NSNumber.self), traits: [.readOnly],
    calls: [
      "intValue (integers)",
      "stringValue (integers)",
      "doubleValue (doubles)",
    ],
    leavesOut:
      "compare(_:), isEqual(to:), hash, boolValue, description(withLocale:), bridging as Int or Double"
  )

  private let numbers: [NSNumber]

  package init(shape: TrialShape) {
    numbers = (0..<256).map { (i: Int) -> NSNumber in
      i % 2 == 0 ? NSNumber(value: i * 1_000_003) : NSNumber(value: Double(i) + 0.5)
    }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, numbers.count)
    let number = numbers[i]
    if i % 2 == 0 {
      let expected = i * 1_000_003
      return number.intValue == expected && number.stringValue == "\(expected)"
        ? nil : "number \(i) reads \(number.intValue) / '\(number.stringValue)'"
    }
    let expected = Double(i) + 0.5
    return number.doubleValue == expected ? nil : "number \(i) reads \(number.doubleValue)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
