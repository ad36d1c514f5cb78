import Foundation
import StressKit

/// One shared `NSMutableAttributedString`, as rich text being built: writes append
/// "<token>;" carrying the attribute "token" = the token; reads look at a random place, whose
/// character must be a digit or the separator and whose attribute a token. The end string
/// must hold every token once, each segment carrying its own.
package final class NSMutableAttributedStringSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutableattributedstring",
    summary: "NSMutableAttributedString: append(_:), attribute(_:at:effectiveRange:)",
    documented: .unsafe, sendable: Sendability.of(NSMutableAttributedString.self),
    calls: [
      "append(_:) of an attributed \"<token>;\" (write)",
      "length (read)",
      "string, then character(at:) (read)",
      "attribute(_:at:effectiveRange:) (read)",
    ],
    leavesOut:
      "addAttribute(_:value:range:), setAttributes(_:range:), replaceCharacters(in:with:), deleteCharacters(in:), beginEditing()/endEditing()"
  )

  static let key = NSAttributedString.Key("token")
  private let text = NSMutableAttributedString(string: "")

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    text.append(
      NSAttributedString(
        string: "\(step.token);", attributes: [Self.key: NSNumber(value: step.token)]))
  }

  package func read(_ step: Step) -> String? {
    let length = text.length
    guard length > 0 else { return nil }
    let at = Int(step.random % UInt64(length))
    let unit = (text.string as NSString).character(at: at)
    guard (48...57).contains(unit) || unit == 59 else { return "read UTF-16 unit \(unit)" }
    var range = NSRange(location: 0, length: 0)
    let value = text.attribute(Self.key, at: at, effectiveRange: &range) as? NSNumber
    return value.map { Token.decode($0.intValue) != nil } == true
      ? nil : "the attribute at \(at) is \(value.map { "\($0)" } ?? "missing")"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    var tokens: [Int] = []
    var location = 0
    let whole = text.string as NSString
    for segment in (text.string).split(separator: ";", omittingEmptySubsequences: false).dropLast()
    {
      let token = Int(segment) ?? -1
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
