import Foundation
import StressKit

/// `NSNumber`s shared read-only, read as a server reads numbers from a decoded payload: every
/// accessor, their string forms (plain and localized), comparison, equality and hashing
/// (`SharedReadOnlySubject`). The numbers are the ones conversions special-case: zero and
/// signed zero, the extremes of every width, NaN, the infinities, booleans and a double
/// beyond 2^53.
package enum NSNumberSubject: SharedReadOnly {
  /// One number as it was boxed: the box's kind and its value.
  package struct Boxed: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable { case int, uint, double, bool, int8, float }
    let kind: Kind
    let bits: UInt64
    package var description: String { kind == .bool ? "bool \(bits != 0)" : "\(kind) \(number)" }

    static func int(_ v: Int64) -> Boxed { Boxed(kind: .int, bits: UInt64(bitPattern: v)) }
    static func double(_ v: Double) -> Boxed { Boxed(kind: .double, bits: v.bitPattern) }

    var number: NSNumber {
      switch kind {
      case .int: NSNumber(value: Int64(bitPattern: bits))
      case .uint: NSNumber(value: bits)
      case .double: NSNumber(value: Double(bitPattern: bits))
      case .bool: NSNumber(value: bits != 0)
      case .int8: NSNumber(value: Int8(truncatingIfNeeded: bits))
      case .float: NSNumber(value: Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
      }
    }
  }

  package enum Call: String, CaseIterable {
    case intValue = "intValue, int64Value"
    case uintValue = "uint64Value, uint8Value"
    case doubleValue = "doubleValue, floatValue"
    case boolValue = "boolValue"
    case stringValue = "stringValue"
    case localized = "description(withLocale: de_DE)"
    case decimal = "decimalValue (finite values)"
    case compare = "compare(_:) with 1"
    case equal = "isEqual(to:) a fresh box of the same value, hash"
    case objCType = "objCType"
    case bridged = "bridged: as? Int, as? Double, as? Bool"
  }

  package static let id = "nsnumber"
  package static let summary =
    "NSNumbers shared read-only: every accessor, string forms, compare, equality, hash"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSNumber.self)
  package static let leavesOut =
    "NSDecimalNumber arithmetic: nsdecimalnumber covers it; formatting through "
    + "NumberFormatter: numberformatter covers it; key-value coding: unavailable in "
    + "swift-corelibs-foundation"
  static let edges: [Boxed] = [
    .int(0), .double(0), .double(-0.0), .int(-1), .int(.min), .int(.max),
    Boxed(kind: .uint, bits: .max), .double(.nan), .double(.infinity), .double(-.infinity),
    .double(9_007_199_254_740_994), .double(0.1), .double(.greatestFiniteMagnitude),
    .double(.leastNonzeroMagnitude), Boxed(kind: .bool, bits: 1), Boxed(kind: .bool, bits: 0),
    Boxed(kind: .int8, bits: 0x80), Boxed(kind: .float, bits: UInt64(Float(3.4e38).bitPattern)),
  ]
  static let ordinary: [Boxed] = (1...40).map { (i: Int) -> Boxed in
    i % 2 == 0 ? Boxed.int(Int64(i) * 1_000_003) : Boxed.double(Double(i) + 0.5)
  }
  package static let inputs = InputDomain("numbers", edges: edges, ordinary: ordinary)

  /// One `NSNumber` per input, boxed afresh for each trial.
  package static func make() -> [Boxed: NSNumber] {
    Dictionary(uniqueKeysWithValues: inputs.values.map { ($0, $0.number) })
  }

  package static func format(_ numbers: [Boxed: NSNumber], _ call: Call, _ input: Boxed)
    -> String
  {
    guard let n = numbers[input] else { return "no number" }
    switch call {
    case .intValue: return "\(n.intValue) \(n.int64Value)"
    case .uintValue: return "\(n.uint64Value) \(n.uint8Value)"
    case .doubleValue: return "\(n.doubleValue.bitPattern) \(n.floatValue.bitPattern)"
    case .boolValue: return "\(n.boolValue)"
    case .stringValue: return n.stringValue
    case .localized: return n.description(withLocale: Locale(identifier: "de_DE"))
    case .decimal:
      // Decimal traps on NaN and the infinities here (a crash alone, no race): they skip it.
      return n.doubleValue.isFinite ? "\(n.decimalValue)" : "not finite"
    case .compare: return "\(n.compare(NSNumber(value: 1)).rawValue)"
    case .equal:
      let fresh = input.number
      return "\(n.isEqual(to: fresh)) \(n.hash == fresh.hash)"
    case .objCType: return String(cString: n.objCType)
    case .bridged:
      return
        "\(String(describing: n as? Int)) \(String(describing: n as? Double)) \(String(describing: n as? Bool))"
    }
  }
}
