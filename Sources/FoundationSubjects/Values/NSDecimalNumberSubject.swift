import Foundation
import StressKit

/// `NSDecimalNumber` arithmetic on shared operands with one shared `NSDecimalNumberHandler`
/// (plain rounding to 2 places), as a billing service does: reads add two of 256 amounts in
/// cents and must get the integer sum, to the cent.
package final class NSDecimalNumberSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsdecimalnumber",
    summary: "NSDecimalNumber with a shared NSDecimalNumberHandler: adding(_:withBehavior:)",
    documented: .safe, sendable: Sendability.of(NSDecimalNumber.self), traits: [.readOnly],
    calls: [
      "adding(_:withBehavior:) with one shared NSDecimalNumberHandler (scale 2)",
      "stringValue of the sum",
    ],
    leavesOut:
      "subtracting, multiplying, dividing(by:withBehavior:), rounding(accordingToBehavior:), compare(_:), raising handlers, NSDecimalNumberHandler.default"
  )

  private let amounts: [NSDecimalNumber]
  private let handler = NSDecimalNumberHandler(
    roundingMode: .plain, scale: 2, raiseOnExactness: false, raiseOnOverflow: false,
    raiseOnUnderflow: false, raiseOnDivideByZero: false)

  /// Amount i is cents(i) / 100.
  static func cents(_ i: Int) -> Int { i * 12_345 + 7 }

  package init(shape: TrialShape) {
    amounts = (0..<256).map {
      NSDecimalNumber(mantissa: UInt64(Self.cents($0)), exponent: -2, isNegative: false)
    }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, amounts.count)
    let j = Draw.choice(step.random >> 20, amounts.count)
    let sum = amounts[i].adding(amounts[j], withBehavior: handler)
    let cents = Self.cents(i) + Self.cents(j)
    let expected = "\(cents / 100).\(String(format: "%02d", cents % 100))"
    return sum.stringValue == expected
      ? nil : "\(i) + \(j) is \(sum.stringValue), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
