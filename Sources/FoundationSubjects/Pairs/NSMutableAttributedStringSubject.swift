import Foundation
import StressKit

/// One shared `NSMutableAttributedString`, as rich text being built: each write adds one
/// segment "<token><suffix>;" carrying the attribute "token" = the token, where the suffix is
/// nothing, "é" or "😀" (a surrogate pair) by the token (appended, inserted at the front,
/// appended plain and then given its attribute with `addAttribute` inside
/// `beginEditing()`/`endEditing()`, edited there with a scratch attribute set and removed and a
/// stray character deleted, or written as a placeholder whose text is then replaced). Reads look at a random place: its character, its
/// attribute and that attribute's longest range, which must be exactly one segment whose
/// text is its token; its attributes as a whole; and the runs of a stretch of 16 units. The
/// end string holds every token once, each segment carrying its own.
package final class NSMutableAttributedStringSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case append = "append(_:) of an attributed \"<token>;\""
    case insert = "insert(_:at: 0)"
    case addAttribute =
      "beginEditing(), append(_:) of plain text, addAttribute(_:value:range:), endEditing()"
    case edit =
      "beginEditing(), append(_:) of plain text with a stray \"#\", setAttributes(_:range:), removeAttribute(_:range:), addAttribute, deleteCharacters(in:), endEditing()"
    case replace =
      "append(_:) of an attributed placeholder, replaceCharacters(in:with:) of a String"
  }

  /// What follows a token in its segment: nothing, a precomposed letter or a surrogate pair.
  static func suffix(_ token: Int) -> String { ["", "é", "😀"][abs(token) % 3] }
  /// The UTF-16 units a segment may hold: digits, the separator and the suffixes' units.
  static let units: Set<UInt16> = Set(48...57).union([59]).union("é😀".utf16)
  static let scratchKey = NSAttributedString.Key("scratch")

  package enum Read: String, CaseIterable {
    case character = "length, string, then character(at:)"
    case range = "attribute(_:at:longestEffectiveRange:in:), attributedSubstring(from:) of it"
    case attributes = "attributes(at:effectiveRange:)"
    case enumerate = "enumerateAttribute(_:in:options:using:) over 16 units"
  }

  package static let info = SubjectInfo(
    id: "nsmutableattributedstring",
    summary: "NSMutableAttributedString: append, insert, addAttribute; attributes, runs, slices",
    documented: .unsafe, sendable: Sendability.of(NSMutableAttributedString.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    leavesOut: "replaceCharacters(in:with:) of an attributed string: on Linux the "
      + "subject's append(_:) and insert(_:at:) are it; fonts, colors and paragraph styles: "
      + "Linux has no UI to read them, and they are attribute values as the token is")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  static let key = NSAttributedString.Key("token")
  private let text = NSMutableAttributedString(string: "")

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    let segment = "\(step.token)\(Self.suffix(step.token));"
    let attributes = [Self.key: NSNumber(value: step.token)]
    let units = segment.utf16.count
    switch Self.writes[step] {
    case .append: text.append(NSAttributedString(string: segment, attributes: attributes))
    case .insert: text.insert(NSAttributedString(string: segment, attributes: attributes), at: 0)
    case .addAttribute:
      text.beginEditing()
      text.append(NSAttributedString(string: segment))
      let range = NSRange(location: text.length - segment.utf16.count, length: segment.utf16.count)
      text.addAttribute(Self.key, value: NSNumber(value: step.token), range: range)
      text.endEditing()
    case .edit:
      text.beginEditing()
      text.append(NSAttributedString(string: segment + "#"))
      let whole = NSRange(location: text.length - units - 1, length: units + 1)
      text.setAttributes([Self.scratchKey: NSNumber(value: 1)], range: whole)
      text.removeAttribute(Self.scratchKey, range: whole)
      text.addAttribute(Self.key, value: NSNumber(value: step.token), range: whole)
      text.deleteCharacters(in: NSRange(location: text.length - 1, length: 1))
      text.endEditing()
    case .replace:
      text.append(NSAttributedString(string: "#;", attributes: attributes))
      let placeholder = NSRange(location: text.length - 2, length: 1)
      text.replaceCharacters(in: placeholder, with: String(segment.dropLast()))
    }
  }

  /// Nil if `value` is the token attribute of a whole segment, else what is wrong.
  private func token(_ value: Any?, at: Int) -> String? {
    guard let number = value as? NSNumber, Token.decode(number.intValue) != nil else {
      return "the attribute at \(at) is \(value.map { "\($0)" } ?? "missing")"
    }
    return nil
  }

  package func read(_ step: Step) -> String? {
    let length = text.length
    guard length > 0 else { return nil }
    let at = Int(step.random % UInt64(length))
    switch Self.reads[step] {
    case .character:
      let unit = (text.string as NSString).character(at: at)
      return Self.units.contains(unit) || unit == 35 ? nil : "read UTF-16 unit \(unit)"
    case .range:
      // Segments are shorter than 40 units, so the longest range stays within this window.
      let window = NSRange(
        location: max(0, at - 40), length: min(length, at + 40) - max(0, at - 40))
      var range = NSRange(location: 0, length: 0)
      let value = text.attribute(Self.key, at: at, longestEffectiveRange: &range, in: window)
      if let wrong = token(value, at: at) { return wrong }
      let segment = text.attributedSubstring(from: range).string
      let token = (value as! NSNumber).intValue
      let expected = "\(token)\(Self.suffix(token));"
      return segment == expected ? nil : "the run of \(expected) holds '\(segment)'"
    case .attributes:
      var range = NSRange(location: 0, length: 0)
      let all = text.attributes(at: at, effectiveRange: &range)
      if all.count != 1 { return "\(all.count) attributes at \(at)" }
      return token(all[Self.key], at: at)
    case .enumerate:
      var wrong: String?
      let span = NSRange(location: at, length: min(16, length - at))
      text.enumerateAttribute(Self.key, in: span, options: []) { value, range, stop in
        wrong = token(value, at: range.location)
        if wrong != nil { stop.pointee = true }
      }
      return wrong
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    var tokens: [Int] = []
    var location = 0
    let whole = text.string as NSString
    for segment in (text.string).split(separator: ";", omittingEmptySubsequences: false).dropLast()
    {
      let token = Int(segment.prefix { $0.isASCII && $0.isNumber }) ?? -1
      if segment.dropFirst(String(token).count) != Self.suffix(token) {
        violations.add("segment '\(segment)' has the wrong suffix")
      }
      tokens.append(token)
      var range = NSRange(location: 0, length: 0)
      let value = text.attribute(Self.key, at: location, effectiveRange: &range) as? NSNumber
      if value?.intValue != token {
        violations.add("segment '\(segment)' carries \(value.map { "\($0)" } ?? "no token")")
      }
      location += segment.utf16.count + 1
    }
    if whole.length > 0 && !whole.hasSuffix(";") {
      violations.add("the string does not end with a separator")
    }
    violations.merge(Token.verify(tokens, writesPerThread: writesPerThread))
    return violations
  }
}
