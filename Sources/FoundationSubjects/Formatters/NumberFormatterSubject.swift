import Foundation
import StressKit

/// Shared `NumberFormatter`s in the styles a server prints numbers in (grouped decimal,
/// currency, percent, scientific, spelled out, ordinal, a German decimal, and two decimals
/// rounded half-even and up), each configured once
/// and shared read-only by every thread from its first call (`SharedReadOnlySubject`): both
/// directions, format and parse.
package enum NumberFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case decimal = "string(from:) (.decimal, en_US_POSIX, grouped)"
    case decimalParse = "number(from:) (.decimal, en_US_POSIX, grouped)"
    case currency = "string(from:) (.currency, en_US)"
    case currencyParse = "number(from:) (.currency, en_US)"
    case percent = "string(from:) (.percent, en_US)"
    case scientific = "string(from:) (.scientific, en_US)"
    case spellOut = "string(from:) (.spellOut, en_US)"
    case german = "string(from:) (.decimal, de_DE)"
    case germanParse = "number(from:) (.decimal, de_DE)"
    case localized = "NumberFormatter.localizedString(from:number: .decimal)"
    case ordinal = "string(from:) (.ordinal, en_US)"
    case halfEven = "string(from:) (.decimal, 2 digits, roundingMode .halfEven)"
    case up = "string(from:) (.decimal, 2 digits, roundingMode .up)"
  }

  package static let id = "numberformatter"
  package static let summary =
    "NumberFormatters shared read-only in 6 styles and locales: string(from:), number(from:)"
  package static let documented = DocumentedSafety.unsafe
  package static let sendable: Bool? = Sendability.of(NumberFormatter.self)
  package static let leavesOut =
    "changing a shared formatter's configuration: numberformatter-mutating covers it; "
    + "accounting style: rare in applications; attributed output: Linux's formatters have no "
    + "attributedString(for:withDefaultAttributes:)"
  package static let inputs = InputDomain(
    "numbers", edges: Edges.doubles + [9_007_199_254_740_993, 1_234.5678],
    ordinary: Edges.ordinaryDoubles(0.37))

  package static func make() -> [NumberFormatter] {
    let styles: [(NumberFormatter.Style, String)] = [
      (.decimal, "en_US_POSIX"), (.currency, "en_US"), (.percent, "en_US"),
      (.scientific, "en_US"), (.spellOut, "en_US"), (.decimal, "de_DE"),
      (.ordinal, "en_US"), (.decimal, "en_US"), (.decimal, "en_US"),
    ]
    let formatters = styles.map { style, locale in
      let formatter = NumberFormatter()
      formatter.locale = Locale(identifier: locale)
      formatter.numberStyle = style
      if locale == "en_US_POSIX" {
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
      }
      return formatter
    }
    for (formatter, mode) in zip(formatters[7...], [NumberFormatter.RoundingMode.halfEven, .up]) {
      formatter.maximumFractionDigits = 2
      formatter.roundingMode = mode
    }
    return formatters
  }

  package static func format(_ formatters: [NumberFormatter], _ call: Call, _ value: Double)
    -> String
  {
    let number = value as NSNumber
    func string(_ i: Int) -> String { formatters[i].string(from: number) ?? "nil" }
    func parsed(_ i: Int) -> String {
      formatters[i].number(from: string(i)).map { "\($0)" } ?? "nil"
    }
    switch call {
    case .decimal: return string(0)
    case .decimalParse: return parsed(0)
    case .currency: return string(1)
    case .currencyParse: return parsed(1)
    case .percent: return string(2)
    case .scientific: return string(3)
    case .spellOut: return string(4)
    case .german: return string(5)
    case .germanParse: return parsed(5)
    case .localized: return NumberFormatter.localizedString(from: number, number: .decimal)
    case .ordinal: return string(6)
    case .halfEven: return string(7)
    case .up: return string(8)
    }
  }
}
