import Foundation
import StressKit

/// An immutable `NSAttributedString` shared read-only: 256 runs of 16 characters, run r
/// carrying the attribute "run" = r. Reads ask the attribute and its effective range at a
/// random place, which arithmetic predicts.
package final class NSAttributedStringSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsattributedstring",
    summary: "immutable NSAttributedString, shared read-only: attribute(_:at:effectiveRange:)",
    documented: .safe, sendable: Sendability.of(NSAttributedString.self), traits: [.readOnly],
    calls: [
      "attribute(_:at:effectiveRange:)"
    ],
    leavesOut:
      "attributes(at:effectiveRange:), enumerateAttribute(_:in:options:using:), attributedSubstring(from:), string, longestEffectiveRange"
  )

  static let runs = 256
  static let runLength = 16
  static let key = NSAttributedString.Key("run")
  private let text: NSAttributedString

  package init(shape: TrialShape) {
    let built = NSMutableAttributedString(string: "")
    for run in 0..<Self.runs {
      built.append(
        NSAttributedString(
          string: String(repeating: "\(run % 10)", count: Self.runLength),
          attributes: [Self.key: NSNumber(value: run)]))
    }
    text = NSAttributedString(attributedString: built)
  }

  package func read(_ step: Step) -> String? {
    let at = Int(step.random % UInt64(Self.runs * Self.runLength))
    var range = NSRange(location: 0, length: 0)
    let value = (text.attribute(Self.key, at: at, effectiveRange: &range) as? NSNumber)?.intValue
    let run = at / Self.runLength
    guard value == run else { return "attribute at \(at) is \(value.map(String.init) ?? "none")" }
    let expected = NSRange(location: run * Self.runLength, length: Self.runLength)
    return range == expected ? nil : "run at \(at) spans \(range), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if text.length != Self.runs * Self.runLength { violations.add("length is \(text.length)") }
    return violations
  }
}
