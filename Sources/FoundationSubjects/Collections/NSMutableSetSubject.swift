import Foundation
import StressKit

/// One shared `NSMutableSet`, as an application keeps a set of seen ids: writes add one token
/// (alone, in bulk or by union) or add a scratch value and remove it again; reads test
/// membership (of tokens not yet written too), fetch a member, count, and enumerate the head.
/// A scratch value is the negated token of its write, so it is never a token: a read that
/// meets one saw a write half done, and the end state holds each token exactly once.
/// (`anyObject()` would be a natural read, but it is O(n) in swift-corelibs-foundation.)
package final class NSMutableSetSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case add = "add(_:)"
    case addObjects = "addObjects(from:)"
    case union = "union(_:)"
    case remove = "add(_:) then remove(_:) of a scratch value"
  }

  package enum Read: String, CaseIterable {
    case contains = "contains(_:) (of any token, written yet or not)"
    case member = "member(_:)"
    case count = "count"
    case forIn = "for-in (fast enumeration of the first 32)"
  }

  package static let info = SubjectInfo(
    id: "nsmutableset",
    summary: "NSMutableSet: add, addObjects, union, remove; contains, member, count, enumerate",
    documented: .unsafe, sendable: Sendability.of(NSMutableSet.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    leavesOut: "anyObject(), allObjects and set algebra with whole sets (intersect(_:), "
      + "minus(_:)): linear in a growing set, so a trial's cost would grow with its "
      + "length")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  private let shape: TrialShape
  private let items = NSMutableSet()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    let token = NSNumber(value: step.token)
    switch Self.writes[step] {
    case .add: items.add(token)
    case .addObjects: items.addObjects(from: [token])
    case .union: items.union(Set([token as AnyHashable]))
    case .remove:
      let scratch = NSNumber(value: -step.token)
      items.add(scratch)
      items.remove(scratch)
      items.add(token)
    }
  }

  private func element(_ object: Any?) -> String? {
    guard let value = (object as? NSNumber)?.intValue else {
      return "element is \(object ?? "nil")"
    }
    if value < 0, shape.couldHaveWritten(-value) { return "scratch \(value) is a member" }
    return shape.couldHaveWritten(value) ? nil : "element \(value) was never written"
  }

  package func read(_ step: Step) -> String? {
    switch Self.reads[step] {
    case .contains:
      let probe = Token.probe(step.random, shape: shape)
      return items.contains(NSNumber(value: -probe)) ? "scratch \(-probe) is a member" : nil
    case .member:
      let probe = Token.probe(step.random, shape: shape)
      guard let object = items.member(NSNumber(value: probe)) else { return nil }
      guard let value = (object as? NSNumber)?.intValue else { return "member is \(object)" }
      return value == probe ? nil : "member(\(probe)) returned \(value)"
    case .count:
      let count = items.count
      let most = shape.opsPerThread.map { $0 * shape.threads } ?? .max
      return count <= most ? nil : "count is \(count), more than \(most) writes could make"
    case .forIn:
      var seen = 0
      for object in items {
        if let wrong = element(object) { return wrong }
        seen += 1
        if seen == 32 { break }
      }
      return nil
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.allObjects.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: writesPerThread)
  }
}
