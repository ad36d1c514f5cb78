import Foundation
import StressKit

/// One shared `NSMutableString`, as a log being built: writes append "<token>;", reads look at
/// a random character, which must be a digit or the separator.
package final class NSMutableStringSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutablestring", summary: "NSMutableString: append(_:), character(at:)",
    documented: .unsafe, sendable: Sendability.of(NSMutableString.self),
    calls: [
      "append(_:) (write)",
      "length (read)",
      "character(at:) (read)",
    ],
    leavesOut:
      "insert(_:at:), deleteCharacters(in:), replaceCharacters(in:with:), setString(_:), substring(with:), bridging to String"
  )

  private let text = NSMutableString(capacity: 0)

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    text.append("\(step.token);")
  }

  package func read(_ step: Step) -> String? {
    let length = text.length
    guard length > 0 else { return nil }
    let unit = text.character(at: Int(step.random % UInt64(length)))
    // "0"..."9" or ";": anything else is torn or foreign memory.
    return (48...57).contains(unit) || unit == 59 ? nil : "read UTF-16 unit \(unit)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    let parts = (text as String).split(separator: ";", omittingEmptySubsequences: false)
    var violations = Violations()
    if parts.last != "" { violations.add("the string does not end with a separator") }
    violations.merge(
      Token.verify(parts.dropLast().map { Int($0) ?? -1 }, writesPerThread: writesPerThread))
    return violations
  }
}
