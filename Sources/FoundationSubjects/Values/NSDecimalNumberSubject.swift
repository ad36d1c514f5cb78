import Foundation
import StressKit

/// `NSDecimalNumber` arithmetic on shared operands with one shared `NSDecimalNumberHandler`
/// (plain rounding to 2 places, raising nothing), as a billing service computes money
/// (`SharedReadOnlySubject`): the four operations, rounding, powers, comparison, localized
/// strings and parsing back. The operand pairs lead with what decimal code special-cases: zero,
/// 0.1 + 0.2, signs that cancel, the extremes (overflow), NaN, division by zero, a repeating
/// quotient, the tiniest exponent and half-cent rounding.
package enum NSDecimalNumberSubject: SharedReadOnly {
  /// The operands, each made afresh for each trial, and the handler every call shares.
  package struct Operands: @unchecked Sendable {
    let pairs: [(NSDecimalNumber, NSDecimalNumber)]
    let handler = NSDecimalNumberHandler(
      roundingMode: .plain, scale: 2, raiseOnExactness: false, raiseOnOverflow: false,
      raiseOnUnderflow: false, raiseOnDivideByZero: false)
  }

  package enum Call: String, CaseIterable {
    case adding = "adding(_:withBehavior:)"
    case subtracting = "subtracting(_:withBehavior:)"
    case multiplying = "multiplying(by:withBehavior:)"
    case dividing = "dividing(by:withBehavior:)"
    case rounding = "rounding(accordingToBehavior:)"
    case power =
      "raising(toPower: 2, withBehavior:) (not of the extremes), multiplying(byPowerOf10: 3, withBehavior:)"
    case compare = "compare(_:)"
    case strings = "stringValue, description(withLocale: de_DE), doubleValue"
    case parse = "NSDecimalNumber(string:) of its own stringValue"
    case defaultHandler =
      "adding(_:), multiplying(by:) (NSDecimalNumberHandler.default, the shared default)"
  }

  package static let id = "nsdecimalnumber"
  package static let summary =
    "NSDecimalNumbers with a shared handler: + - × ÷, rounding, powers, compare, strings, parse"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSDecimalNumber.self)
  package static let leavesOut =
    "handlers that raise: swift-corelibs-foundation never raises (its error handler "
    + "is empty), so they act as this one does; the Decimal functions: nsdecimal-functions covers them"
  static let edgePairs: [(String, String)] = [
    ("0", "0"), ("0.1", "0.2"), ("-0.01", "0.01"), ("max", "1"), ("min", "-1"), ("NaN", "1"),
    ("1", "0"), ("1", "3"), ("1e-127", "3"), ("12345678901234567890.125", "-0.005"),
  ]
  static let ordinaryPairs: [(String, String)] = (1...40).map {
    ("\($0 * 12_345 + 7).\($0 % 100)", "\($0 * 37).0\($0 % 10)")
  }
  static let allPairs = edgePairs + ordinaryPairs
  package static let inputs = InputDomain(
    "operand pairs", edges: Array(edgePairs.indices),
    ordinary: Array(edgePairs.count..<allPairs.count),
    describe: { "\(allPairs[$0].0) and \(allPairs[$0].1)" })

  static func number(_ text: String) -> NSDecimalNumber {
    switch text {
    case "max": NSDecimalNumber.maximum
    case "min": NSDecimalNumber.minimum
    case "NaN": NSDecimalNumber.notANumber
    default: NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
  }

  package static func make() -> Operands {
    Operands(pairs: allPairs.map { (number($0.0), number($0.1)) })
  }

  package static func format(_ o: Operands, _ call: Call, _ input: Int) -> String {
    let (a, b) = o.pairs[input]
    let h = o.handler
    switch call {
    case .adding: return a.adding(b, withBehavior: h).stringValue
    case .subtracting: return a.subtracting(b, withBehavior: h).stringValue
    case .multiplying: return a.multiplying(by: b, withBehavior: h).stringValue
    case .dividing: return a.dividing(by: b, withBehavior: h).stringValue
    case .rounding: return a.rounding(accordingToBehavior: h).stringValue
    case .power:
      // Squaring the extremes (and 1e-127) traps in Decimal._multiply here, alone, whatever
      // the handler says of overflow and underflow: a crash that is no race, so they skip it.
      let magnitude = abs(a.doubleValue)
      let extreme = magnitude > 1e60 || (magnitude > 0 && magnitude < 1e-60)
      let square = extreme ? "skipped" : a.raising(toPower: 2, withBehavior: h).stringValue
      return "\(square) \(b.multiplying(byPowerOf10: 3, withBehavior: h).stringValue)"
    case .compare: return "\(a.compare(b).rawValue)"
    case .strings:
      return
        "\(a.stringValue) \(a.description(withLocale: Locale(identifier: "de_DE"))) \(a.doubleValue.bitPattern)"
    case .parse: return NSDecimalNumber(string: a.stringValue).stringValue
    case .defaultHandler:
      // The extremes' product traps alone, as in .power: a crash that is no race.
      let extreme = max(abs(a.doubleValue), abs(b.doubleValue)) > 1e60
      let product = extreme ? "skipped" : a.multiplying(by: b).stringValue
      return "\(a.adding(b).stringValue) \(product)"
    }
  }
}
