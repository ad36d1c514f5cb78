import Foundation
import StressKit

/// An immutable `NSSet` of 4096 tokens shared read-only: reads look one up with
/// `member(_:)` and `contains(_:)`, and a value never put in must be absent.
package final class NSSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsset", summary: "immutable NSSet, shared read-only: member(_:), contains(_:)",
    documented: .safe, sendable: Sendability.of(NSSet.self), traits: [.readOnly],
    calls: [
      "member(_:)",
      "contains(_:)",
    ],
    leavesOut:
      "allObjects, anyObject(), objectEnumerator(), for-in enumeration, isSubset(of:), intersects(_:), bridging to Set"
  )

  static let size = 4096
  private let items: NSSet

  package init(shape: TrialShape) {
    items = NSSet(
      array: (0..<Self.size).map { NSNumber(value: Token.encode(thread: 0, seq: $0)) })
  }

  package func read(_ step: Step) -> String? {
    let seq = Int(step.random % UInt64(Self.size))
    let token = Token.encode(thread: 0, seq: seq)
    guard (items.member(NSNumber(value: token)) as? NSNumber)?.intValue == token else {
      return "member(\(token)) did not find it"
    }
    let absent = Token.encode(thread: 1, seq: seq)
    return items.contains(NSNumber(value: absent)) ? "contains(\(absent)), never put in" : nil
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.allObjects.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: [Self.size])
  }
}
