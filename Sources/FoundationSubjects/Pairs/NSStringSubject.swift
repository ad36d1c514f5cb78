import Foundation
import StressKit

/// An immutable `NSString` shared read-only: reads check a character and a substring at a
/// random place against the pattern it was built from (digits "0"..."9" repeating).
package final class NSStringSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsstring",
    summary: "immutable NSString, shared read-only: character(at:), substring(with:)",
    documented: .safe, sendable: Sendability.of(NSString.self), traits: [.readOnly],
    calls: [
      "character(at:)",
      "substring(with:)",
    ],
    leavesOut:
      "range(of:), components(separatedBy:), compare(_:options:), data(using:), lowercased/uppercased, bridging to String"
  )

  static let length = 4096
  private let text: NSString

  package init(shape: TrialShape) {
    text = NSString(string: String((0..<Self.length).map { Character("\($0 % 10)") }))
  }

  package func read(_ step: Step) -> String? {
    let at = Int(step.random % UInt64(Self.length - 8))
    let unit = text.character(at: at)
    guard unit == UInt16(48 + at % 10) else { return "character \(at) is UTF-16 unit \(unit)" }
    let part = text.substring(with: NSRange(location: at, length: 8))
    let expected = String((at..<at + 8).map { Character("\($0 % 10)") })
    return part == expected ? nil : "substring at \(at) is '\(part)', expected '\(expected)'"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if text.length != Self.length { violations.add("length is \(text.length)") }
    return violations
  }
}
