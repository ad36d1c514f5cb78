import Foundation
import StressKit

/// The Summary's NSDecimal functions from every thread at once (`NSDecimalAdd`,
/// `NSDecimalMultiply`, `NSDecimalRound`), on shared operands: results must be the integer
/// arithmetic's.
package final class DecimalFunctionsSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsdecimal-functions",
    summary: "NSDecimalAdd, NSDecimalMultiply, NSDecimalRound on shared operands",
    documented: .safe, sendable: Sendability.of(Decimal.self), traits: [.readOnly],
    calls: [
      "NSDecimalAdd(_:_:_:_:) (.plain)",
      "NSDecimalMultiply(_:_:_:_:) (.plain)",
      "NSDecimalRound(_:_:_:_:) (scale 0, .down)",
      "Decimal / 2 before rounding",
    ],
    leavesOut:
      "NSDecimalSubtract, NSDecimalDivide, NSDecimalPower: nsdecimalnumber covers them, "
      + "its subtracting, dividing and raising call them; NSDecimalNormalize: rare in "
      + "applications; NSDecimalString: nsdecimalnumber covers it, its description calls "
      + "it; overflow: rare in applications, and squaring the extremes traps even on one "
      + "thread (nsdecimalnumber's note); precision loss: nsdecimalnumber covers it with "
      + "its 1 ÷ 3 and max + 1 operands"
  )

  private let operands: [Decimal]

  package init(shape: TrialShape) {
    operands = (0..<256).map { Decimal($0 * 1_001 + 3) }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, operands.count)
    let j = Draw.choice(step.random >> 20, operands.count)
    var a = operands[i]
    var b = operands[j]
    var sum = Decimal()
    var product = Decimal()
    _ = NSDecimalAdd(&sum, &a, &b, .plain)
    _ = NSDecimalMultiply(&product, &a, &b, .plain)
    var rounded = Decimal()
    var halves = product / 2
    NSDecimalRound(&rounded, &halves, 0, .down)
    let x = i * 1_001 + 3
    let y = j * 1_001 + 3
    let expected = [Decimal(x + y), Decimal(x * y), Decimal(x * y / 2)]
    let got = [sum, product, rounded]
    return got == expected ? nil : "\(x), \(y): got \(got), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
