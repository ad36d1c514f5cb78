import Foundation
import StressKit

/// `String(format:)` and its relatives from every thread, as logging and response building
/// use them: integer, float, object, C-string and positional specifiers, flags and widths, a
/// locale's separators, the current locale's (`localizedStringWithFormat`), and appending
/// (`SharedReadOnlySubject`; what is shared is CFString's formatting state,
/// swift-corelibs-foundation issue 5152, where threads making a process's first calls at once
/// got empty strings). The arguments lead with the extremes, signed zero, NaN and the
/// infinities, empty and non-ASCII text, and text that looks like a specifier.
package enum StringFormatSubject: SharedReadOnly {
  /// One set of arguments: an integer, a double and a string.
  package struct Arguments: Sendable, CustomStringConvertible {
    package let int: Int
    package let double: Double
    package let text: String
    package var description: String {
      "\(int), \(double), \(text.count > 16 ? "\(text.count) characters" : text.debugDescription)"
    }
  }

  package enum Call: String, CaseIterable {
    case basic = "String(format: \"%d|%@|%.2f\")"
    case widths = "String(format: \"%ld %08.3f %-6d| %+d %x %o\")"
    case floats = "String(format: \"%e %g %a\")"
    case positional = "String(format: \"%2$@ %1$d\") (positional)"
    case cString = "String(format: \"%s\") of a C string"
    case number = "String(format: \"%@|%@\") of NSStrings"
    case locale = "String(format:locale: de_DE, \"%.3f %d\")"
    case nsstring = "NSString(format: \"%@-%lu\")"
    case appending = "String.appendingFormat(_:) (\"%d:%@\")"
    case localized = "String.localizedStringWithFormat(\"%d %.2f %@\") (the current locale)"
  }

  package static let id = "string-format"
  package static let summary =
    "String(format:) from every thread: specifiers, flags, positional, locales, appending"
  package static let sendable: Bool? = nil
  package static let leavesOut =
    "%@ of custom objects: rare in applications, which interpolate them instead; format "
    + "strings from user input: a specifier without its argument is undefined even on one "
    + "thread"
  package static let inputs = InputDomain(
    "arguments",
    edges: [
      Arguments(int: 0, double: 0, text: ""), Arguments(int: .min, double: -0.0, text: "é"),
      Arguments(int: .max, double: .nan, text: "日本語"),
      Arguments(int: -1, double: .infinity, text: "%@ %d %s"),
      Arguments(int: 42, double: -.infinity, text: "👍🏽👨‍👩‍👧"),
      Arguments(
        int: 7, double: .greatestFiniteMagnitude, text: String(repeating: "x", count: 1_000)),
      Arguments(int: 1, double: .leastNonzeroMagnitude, text: "a\u{0}b"),
      Arguments(int: 255, double: 0.125, text: "100%"),
    ],
    ordinary: (1...40).map {
      Arguments(int: $0 * 1_009, double: Double($0) * 3.75, text: "request-\($0)")
    })

  /// The locale of the locale call, made afresh for each trial.
  package static func make() -> Locale { Locale(identifier: "de_DE") }

  package static func format(_ german: Locale, _ call: Call, _ a: Arguments) -> String {
    switch call {
    case .basic: return String(format: "%d|%@|%.2f", a.int, a.text, a.double)
    case .widths:
      return String(
        format: "%ld %08.3f %-6d| %+d %x %o", a.int, a.double, a.int, a.int, a.int, a.int)
    case .floats: return String(format: "%e %g %a", a.double, a.double, a.double)
    case .positional: return String(format: "%2$@ %1$d", a.int, a.text)
    case .cString:
      return a.text.withCString { String(format: "[%s]", $0) }
    case .number: return String(format: "%@|%@", a.text as NSString, NSString(string: "\(a.int)"))
    case .locale: return String(format: "%.3f %d", locale: german, a.double, a.int)
    case .nsstring: return NSString(format: "%@-%lu", a.text, UInt(bitPattern: a.int)) as String
    case .appending: return a.text.appendingFormat("%d:%@", a.int, a.text)
    case .localized: return String.localizedStringWithFormat("%d %.2f %@", a.int, a.double, a.text)
    }
  }
}
