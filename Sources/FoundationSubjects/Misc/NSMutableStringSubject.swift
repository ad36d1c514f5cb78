import Foundation
import StressKit

/// One shared `NSMutableString`, as a log being built: each write adds one segment
/// "<token><suffix>;" (appended, inserted at the end or the front, or appended with a stray
/// character that it then deletes, or as a placeholder it then replaces). Suffixes lead with
/// what UTF-16 special-cases: a non-BMP emoji (a surrogate pair), a combining accent, a
/// precomposed letter, ß. Reads look at a character, a substring, the end and the first
/// segment; the end state holds every token once, each with a suffix.
package final class NSMutableStringSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case append = "append(_:)"
    case insertAtEnd = "insert(_:at: length) (at the end)"
    case insert = "insert(_:at: 0)"
    case delete = "append(_:) then deleteCharacters(in:) of its stray last character"
    case replace = "append(_:) of a placeholder then replaceCharacters(in:with:)"
  }

  package enum Read: String, CaseIterable {
    case character = "length, character(at:)"
    case substring = "substring(with:) of 8 units"
    case suffix = "hasSuffix(\";\")"
    case first = "range(of: \";\"), substring(to:) (the first segment)"
  }

  package static let info = SubjectInfo(
    id: "nsmutablestring",
    summary: "NSMutableString: append, insert, delete, replace; read non-ASCII text",
    documented: .unsafe, sendable: Sendability.of(NSMutableString.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    inputs: [suffixes.summary],
    leavesOut: "setString(_:): it replaces the whole text, so a write that kept the other "
      + "segments would copy the growing string each time; bridging the whole string to String, "
      + "whole-string searches and case mapping: linear in a growing string, so a trial's "
      + "cost would grow with its length")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  package static let suffixes = InputDomain(
    "suffixes", edges: ["😀", "e\u{301}", "é", "ß"], ordinary: [""],
    describe: { "'\($0)' (\($0.utf16.count) UTF-16 units)" })
  /// Every UTF-16 unit a whole segment holds: digits, the separator, and the suffixes' units.
  static let allowed: Set<UInt16> = Set(48...57).union([59]).union(
    suffixes.values.flatMap(\.utf16))

  private let text = NSMutableString(capacity: 0)

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    let suffix = Self.suffixes[step]
    let segment = "\(step.token)\(suffix);"
    switch Self.writes[step] {
    case .append: text.append(segment)
    case .insertAtEnd: text.insert(segment, at: text.length)
    case .insert: text.insert(segment, at: 0)
    case .delete:
      text.append(segment + "#")
      text.deleteCharacters(in: NSRange(location: text.length - 1, length: 1))
    case .replace:
      text.append("#;")
      text.replaceCharacters(
        in: NSRange(location: text.length - 2, length: 1), with: "\(step.token)\(suffix)")
    }
  }

  /// A whole segment's body: a token and one of the suffixes.
  static func token(of body: Substring) -> Int? {
    let digits = body.prefix { $0.isASCII && $0.isNumber }
    guard suffixes.values.contains(String(body.dropFirst(digits.count))) else { return nil }
    return Int(digits)
  }

  package func read(_ step: Step) -> String? {
    let length = text.length
    guard length > 0 else { return nil }
    switch Self.reads[step] {
    case .character:
      let unit = text.character(at: Int(step.random % UInt64(length)))
      return Self.allowed.contains(unit) ? nil : "read UTF-16 unit \(unit)"
    case .substring:
      let at = Int(step.random % UInt64(length))
      let part = text.substring(with: NSRange(location: at, length: min(8, length - at)))
      // A surrogate pair cut at either end reads as U+FFFD.
      let stray = part.utf16.first { !Self.allowed.contains($0) && $0 != 0xFFFD }
      return stray.map { "substring holds UTF-16 unit \($0)" }
    case .suffix:
      return text.hasSuffix(";") ? nil : "the string does not end with a separator"
    case .first:
      let separator = text.range(of: ";")
      guard separator.location != NSNotFound else { return "no separator in \(length) units" }
      let body = text.substring(to: separator.location)
      return Self.token(of: body[...]) == nil ? "the first segment is '\(body)'" : nil
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    let parts = (text as String).split(separator: ";", omittingEmptySubsequences: false)
    var violations = Violations()
    if parts.last != "" { violations.add("the string does not end with a separator") }
    violations.merge(
      Token.verify(
        parts.dropLast().map { Self.token(of: $0) ?? -1 }, writesPerThread: writesPerThread))
    return violations
  }
}
