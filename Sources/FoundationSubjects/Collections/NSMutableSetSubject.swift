import Foundation
import StressKit

/// One shared `NSMutableSet`: writes `add`, reads `contains` or `member(_:)`.
/// (`anyObject()` would be the natural read, but it is O(n) in swift-corelibs-foundation.)
package final class NSMutableSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutableset", summary: "NSMutableSet: add, contains, member(_:)",
    documented: .unsafe, sendable: Sendability.of(NSMutableSet.self),
    calls: ["add(_:)", "contains(_:)", "member(_:)"],
    leavesOut: "removal, enumeration, set algebra (union(_:), intersect(_:)) and anyObject()")

  private let shape: TrialShape
  private let items = NSMutableSet()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items.add(NSNumber(value: step.token))
  }

  package func read(_ step: Step) -> String? {
    let probe = Token.probe(step.random, shape: shape)
    if step.random & 1 == 0 {
      _ = items.contains(NSNumber(value: probe))
      return nil
    }
    guard let object = items.member(NSNumber(value: probe)) else { return nil }
    guard let value = (object as? NSNumber)?.intValue else { return "member is \(object)" }
    return value == probe ? nil : "member(\(probe)) returned \(value)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.allObjects.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: writesPerThread)
  }
}
