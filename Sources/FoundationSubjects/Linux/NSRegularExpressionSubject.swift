import Foundation
import StressKit

/// Compiled `NSRegularExpression`s shared read-only, as a server shares its validators and
/// routers: captures, all matches, counts, replacement with a template, enumeration, with and
/// without options, and the string API's regular-expression search
/// (`SharedReadOnlySubject`). The texts lead with what matching special-cases: empty, no
/// match, many matches, non-ASCII letters and case folding, emoji, several lines, and a long
/// text.
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
  }

  package static let id = "nsregularexpression"
  package static let summary =
    "shared NSRegularExpressions: captures, all matches, counts, templates, enumeration"
  package static let reference: String? =
    "NSRegularExpression reference: immutable and thread safe, one instance may match on "
    + "several threads at once"
  package static let sendable: Bool? = Sendability.of(NSRegularExpression.self)
  package static let leavesOut =
    "compiling expressions concurrently (each is compiled once): not covered yet; "
    + "NSDataDetector: absent on Linux; matching options such as .reportProgress: rare "
    + "in applications"
  package static let inputs = InputDomain(
    "texts",
    edges: [
      "", "no digits here", "x12-34y", "1-2 33-44 555-666 7777-8888", "Straße STRASSE strasse",
      "日本語 テキスト ok", "👍🏽-👍🏽 1-👍", "a@b.co\nnot an email\nc.d+e@f-g.org",
      "-9223372036854775808-18446744073709551616",
      String(repeating: "ab12-34 ", count: 512),
    ],
    ordinary: (1...40).map { "order \($0 * 7)-\($0 * 13) for user\($0)@example.com é" },
    describe: { $0.count > 48 ? "\($0.count) characters" : "\"\($0)\"" })

  package static func make() -> Expressions { Expressions() }

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
    }
  }
}
