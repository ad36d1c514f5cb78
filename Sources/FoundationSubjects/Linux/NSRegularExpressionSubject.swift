import Foundation
import StressKit

/// One compiled `NSRegularExpression` shared read-only, as a validator is: each read matches
/// "x<a>-<b>y" for random a and b, and the two captures must be a and b.
package final class NSRegularExpressionSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsregularexpression",
    summary: "a shared NSRegularExpression: firstMatch(in:range:), captures",
    documented: .notListed,
    reference:
      "NSRegularExpression reference: immutable and thread safe, one instance may match on "
      + "several threads at once",
    sendable: Sendability.of(NSRegularExpression.self),
    traits: [.readOnly],
    calls: [
      "firstMatch(in:options:range:) (two capture groups)"
    ],
    leavesOut:
      "matches(in:range:), numberOfMatches, enumerateMatches, stringByReplacingMatches, rangeOfFirstMatch, options such as .caseInsensitive"
  )

  private let expression: NSRegularExpression

  package init(shape: TrialShape) {
    // A literal pattern: it compiles.
    expression = try! NSRegularExpression(pattern: "(\\d+)-(\\d+)")
  }

  package func read(_ step: Step) -> String? {
    let a = Int(step.random >> 40)
    let b = Int((step.random >> 8) & 0xFFFF_FFFF)
    let text = "x\(a)-\(b)y" as NSString
    guard
      let match = expression.firstMatch(
        in: text as String, range: NSRange(location: 0, length: text.length)),
      match.numberOfRanges == 3
    else { return "no match in \(text)" }
    let found = [
      text.substring(with: match.range(at: 1)), text.substring(with: match.range(at: 2)),
    ]
    return found == ["\(a)", "\(b)"] ? nil : "captured \(found) in \(text)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
