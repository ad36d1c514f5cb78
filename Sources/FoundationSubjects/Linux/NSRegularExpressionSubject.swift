import Foundation
import StressKit

/// Compiled `NSRegularExpression`s shared read-only, as a server shares its validators and
/// routers: captures, all matches, counts, replacement with a template, enumeration, with and
/// without options, and the string API's regular-expression search
/// (`SharedReadOnlySubject`); and expressions compiled on every thread at once, as a handler
/// compiles its pattern per request or compiles the user's text as a pattern. The texts lead
/// with what matching special-cases: empty, no match, many matches, non-ASCII letters and case
/// folding, emoji, several lines, a pattern that does not compile, and a long text.
package enum NSRegularExpressionSubject: SharedReadOnly {
  /// The compiled expressions, as an application compiles them once.
  package struct Expressions: @unchecked Sendable {
    // Literal patterns: they compile.
    let pair = try! NSRegularExpression(pattern: "(\\d+)-(\\d+)")
    let word = try! NSRegularExpression(pattern: "\\bstra(ss|ß)e\\b", options: .caseInsensitive)
    let email = try! NSRegularExpression(
      pattern: "^[\\w.+-]+@[\\w-]+\\.[\\w.]+$", options: .anchorsMatchLines)
    let letters = try! NSRegularExpression(pattern: "\\p{L}+")
  }

  package enum Call: String, CaseIterable {
    case first = "firstMatch(in:options:range:), range(at:) (two capture groups)"
    case matches = "matches(in:options:range:) (\\p{L}+)"
    case count = "numberOfMatches(in:options:range:) (.caseInsensitive)"
    case rangeOfFirst = "rangeOfFirstMatch(in:options:range:) (.anchorsMatchLines)"
    case replace = "stringByReplacingMatches(in:options:range:withTemplate: \"$2-$1\")"
    case enumerate = "enumerateMatches(in:options:range:using:) (\\p{L}+, stops at 3)"
    case escaped = "NSRegularExpression.escapedPattern(for:)"
    case stringAPI = "range(of:options: .regularExpression) on String"
    case compile = "NSRegularExpression(pattern:options:) per call, as first and count do"
    case compileText =
      "NSRegularExpression(pattern:options:) of the text and its escapedPattern(for:), counted"
  }

  package static let id = "nsregularexpression"
  package static let summary =
    "NSRegularExpressions shared and compiled per call: captures, matches, counts, templates"
  package static let reference: String? =
    "NSRegularExpression reference: immutable and thread safe, one instance may match on "
    + "several threads at once"
  package static let sendable: Bool? = Sendability.of(NSRegularExpression.self)
  package static let leavesOut =
    "NSDataDetector: absent on Linux; matching options such as .reportProgress: rare "
    + "in applications"
  package static let inputs = InputDomain(
    "texts",
    edges: [
      "", "no digits here", "x12-34y", "1-2 33-44 555-666 7777-8888", "Straße STRASSE strasse",
      "日本語 テキスト ok", "👍🏽-👍🏽 1-👍", "a@b.co\nnot an email\nc.d+e@f-g.org",
      "-9223372036854775808-18446744073709551616", "unbalanced (paren [1-2",
      String(repeating: "ab12-34 ", count: 512),
    ],
    ordinary: (1...40).map { "order \($0 * 7)-\($0 * 13) for user\($0)@example.com é" },
    describe: { $0.count > 48 ? "\($0.count) characters" : "\"\($0)\"" })

  package static func make() -> Expressions { Expressions() }

  /// `pattern` compiled now, then counted in `text` with its capture groups, or the error's
  /// code when it does not compile (as for an empty or unbalanced pattern).
  static func compiled(
    _ pattern: String, _ options: NSRegularExpression.Options, in text: String
  ) -> String {
    do {
      let expression = try NSRegularExpression(pattern: pattern, options: options)
      let whole = NSRange(location: 0, length: (text as NSString).length)
      let count = expression.numberOfMatches(in: text, options: [], range: whole)
      return "\(count)/\(expression.numberOfCaptureGroups)"
    } catch {
      return "threw \((error as NSError).code)"
    }
  }

  package static func format(_ e: Expressions, _ call: Call, _ text: String) -> String {
    let ns = text as NSString
    let whole = NSRange(location: 0, length: ns.length)
    func at(_ range: NSRange) -> String { range.location == NSNotFound ? "none" : "\(range)" }
    switch call {
    case .first:
      guard let match = e.pair.firstMatch(in: text, options: [], range: whole) else { return "nil" }
      return (0..<match.numberOfRanges).map { at(match.range(at: $0)) }.joined(separator: " ")
    case .matches:
      let found = e.letters.matches(in: text, options: [], range: whole)
      return "\(found.count) \(found.prefix(4).map { at($0.range) })"
    case .count: return "\(e.word.numberOfMatches(in: text, options: [], range: whole))"
    case .rangeOfFirst: return at(e.email.rangeOfFirstMatch(in: text, options: [], range: whole))
    case .replace:
      let replaced = e.pair.stringByReplacingMatches(
        in: text, options: [], range: whole, withTemplate: "$2-$1")
      return replaced.count > 64 ? "\(replaced.count) \(replaced.prefix(32))" : replaced
    case .enumerate:
      var seen: [String] = []
      e.letters.enumerateMatches(in: text, options: [], range: whole) { match, _, stop in
        seen.append(at(match?.range ?? NSRange(location: NSNotFound, length: 0)))
        if seen.count == 3 { stop.pointee = true }
      }
      return seen.joined(separator: ",")
    case .escaped: return NSRegularExpression.escapedPattern(for: String(text.prefix(32)))
    case .stringAPI:
      guard let range = text.range(of: "[0-9]+-[0-9]+", options: .regularExpression) else {
        return "nil"
      }
      return "\(text.distance(from: text.startIndex, to: range.lowerBound)) \(text[range])"
    case .compile:
      // Compiled for this call alone, so it must answer as the shared expressions do.
      let fresh = Expressions()
      return format(fresh, .first, text) + " | " + format(fresh, .count, text)
    case .compileText:
      // A search box's text, bounded as a handler bounds it: raw, then escaped.
      let pattern = String(text.prefix(64))
      return compiled(pattern, [], in: text) + " "
        + compiled(NSRegularExpression.escapedPattern(for: pattern), .caseInsensitive, in: text)
    }
  }
}
