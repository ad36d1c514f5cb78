import Foundation
import StressKit

/// The number format styles (`.number`, `.percent`, `.currency`, precision, notation,
/// locales) from every thread, as a server rendering prices and metrics uses them, and their
/// parse strategies back (`SharedReadOnlySubject`). Like `.byteCount` (swift-foundation issue
/// 1818), they format through ICU formatters that swift-foundation caches process-wide, so
/// threads meet on shared ICU state whatever style value each holds.
package enum NumberFormatStyleSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case integer = "Int.formatted() (the number's integer part, clamped)"
    case grouping = "Int.formatted(.number.grouping(.never))"
    case double = "Double.formatted(.number.precision(.fractionLength(2)))"
    case percent = "Double.formatted(.percent)"
    case currency = "Double.formatted(.currency(code: \"USD\"))"
    case euro = "Double.formatted(.currency(code: \"EUR\").locale(de_DE))"
    case scientific = "Double.formatted(.number.notation(.scientific))"
    case compact = "Double.formatted(.number.notation(.compactName))"
    case decimal = "Decimal.formatted() (finite values)"
    case shared = "a shared FloatingPointFormatStyle<Double>(locale: fr_FR).format(_:)"
    case parse = "Double(_:format: .number), of its own .number output"
    case parseCurrency = "Double(_:format: .currency(code: \"USD\")), of its own output"
    case rounded = "Double.formatted(.number.rounded(rule: .toNearestOrEven, increment: 0.05))"
    case roundedUp = "Double.formatted(.number.rounded(rule: .up))"
    case duration = "Duration.seconds(_:).formatted(.time(pattern: .hourMinuteSecond)), .units()"
  }

  package static let id = "number-formatstyle"
  package static let summary =
    "Int/Double/Decimal.formatted(.number, .percent, .currency, notations) and their parsing"
  package static let sendable: Bool? = Sendability.of(FloatingPointFormatStyle<Double>.self)
  package static let leavesOut =
    "attributed output: rare on Linux, where no UI shows its attributes; measurements: "
    + "Measurement has no formatted() on Linux; NumberFormatter: numberformatter covers it"
  package static let inputs = InputDomain(
    "numbers", edges: Edges.doubles + [1_234.5678, 0.005, 999_999.995],
    ordinary: Edges.ordinaryDoubles(0.37))

  package static func make() -> FloatingPointFormatStyle<Double> {
    FloatingPointFormatStyle<Double>(locale: Locale(identifier: "fr_FR"))
  }

  static func integer(_ d: Double) -> Int {
    if d.isNaN { return 0 }
    if d >= 9.2e18 { return .max }
    if d <= -9.2e18 { return .min }
    return Int(d)
  }

  package static func format(_ style: FloatingPointFormatStyle<Double>, _ call: Call, _ d: Double)
    -> String
  {
    switch call {
    case .integer: return integer(d).formatted()
    case .grouping: return integer(d).formatted(.number.grouping(.never))
    case .double: return d.formatted(.number.precision(.fractionLength(2)))
    case .percent: return d.formatted(.percent)
    case .currency: return d.formatted(.currency(code: "USD"))
    case .euro: return d.formatted(.currency(code: "EUR").locale(Locale(identifier: "de_DE")))
    case .scientific: return d.formatted(.number.notation(.scientific))
    case .compact: return d.formatted(.number.notation(.compactName))
    case .decimal: return d.isFinite ? Decimal(d).formatted() : "not finite"
    case .shared: return style.format(d)
    case .parse:
      let text = d.formatted(.number)
      return "\(text) \((try? Double(text, format: .number)).map { "\($0)" } ?? "nil")"
    case .parseCurrency:
      let text = d.formatted(.currency(code: "USD"))
      return
        "\(text) \((try? Double(text, format: .currency(code: "USD"))).map { "\($0)" } ?? "nil")"
    case .rounded: return d.formatted(.number.rounded(rule: .toNearestOrEven, increment: 0.05))
    case .roundedUp: return d.formatted(.number.rounded(rule: .up))
    case .duration:
      // No server prints a duration of more than a century (4e9 s), nor NaN: Duration traps.
      guard d.isFinite, abs(d) < 4e9 else { return "out of range" }
      let duration = Duration.seconds(d)
      return
        "\(duration.formatted(.time(pattern: .hourMinuteSecond))) \(duration.formatted(.units()))"
    }
  }
}
