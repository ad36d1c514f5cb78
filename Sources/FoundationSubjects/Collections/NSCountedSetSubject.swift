import Foundation
import StressKit

/// One shared `NSCountedSet`: writes `add` unique tokens, reads `count(for:)`, which must be 0
/// or 1 since no token is added twice.
package final class NSCountedSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscountedset", summary: "NSCountedSet: add, count(for:)",
    documented: .unsafe, sendable: Sendability.of(NSCountedSet.self),
    calls: ["add(_:)", "count(for:)"],
    leavesOut: "adding a value twice, removal and enumeration")

  private let shape: TrialShape
  private let items = NSCountedSet()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items.add(NSNumber(value: step.token))
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    let count = items.count(for: NSNumber(value: key))
    return count <= 1 ? nil : "count(for: \(key)) is \(count), expected 0 or 1"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var tokens: [Int] = []
    var violations = Violations()
    for object in items.allObjects {
      let token = (object as? NSNumber)?.intValue ?? -1
      tokens.append(token)
      let count = items.count(for: object)
      if count != 1 { violations.add("count(for: \(token)) is \(count), expected 1") }
    }
    violations.merge(Token.verify(tokens, writesPerThread: writesPerThread))
    return violations
  }
}
