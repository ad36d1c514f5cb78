import Foundation
import StressKit

/// One shared `NSCountedSet`, as a tally: writes add a unique token once, or add it twice and
/// remove it once (its count goes 2 then 1), so every written token counts 1 between writes;
/// reads ask a count, test membership, fetch a member and enumerate the head, asking each
/// element's count.
package final class NSCountedSetSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case add = "add(_:)"
    case twiceThenRemove = "add(_:) twice, then remove(_:) once"
  }

  package enum Read: String, CaseIterable {
    case count = "count(for:) (of any token, written yet or not)"
    case member = "member(_:)"
    case forIn = "for-in (fast enumeration of the first 16), count(for:) of each"
  }

  package static let info = SubjectInfo(
    id: "nscountedset",
    summary: "NSCountedSet: add, add twice and remove once; count(for:), member, enumerate",
    documented: .unsafe, sendable: Sendability.of(NSCountedSet.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    leavesOut: "objectEnumerator(): rare in Swift code, which enumerates with for-in as the "
      + "subject does; allObjects: linear in a growing set, so a trial's cost would grow "
      + "with its length; removing the last count of a value: nscountedset-model covers "
      + "it")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  private let shape: TrialShape
  private let items = NSCountedSet()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    let token = NSNumber(value: step.token)
    switch Self.writes[step] {
    case .add: items.add(token)
    case .twiceThenRemove:
      items.add(token)
      items.add(token)
      items.remove(token)
    }
  }

  private func counted(_ key: Int) -> String? {
    let count = items.count(for: NSNumber(value: key))
    return count <= 1 ? nil : "count(for: \(key)) is \(count), expected 0 or 1"
  }

  package func read(_ step: Step) -> String? {
    switch Self.reads[step] {
    case .count:
      return counted(Token.probe(step.random, shape: shape))
    case .member:
      let probe = Token.probe(step.random, shape: shape)
      guard let object = items.member(NSNumber(value: probe)) else { return nil }
      let value = (object as? NSNumber)?.intValue
      return value == probe ? nil : "member(\(probe)) returned \(object)"
    case .forIn:
      var seen = 0
      for object in items {
        guard let value = (object as? NSNumber)?.intValue, shape.couldHaveWritten(value) else {
          return "element is \(object)"
        }
        let count = items.count(for: object)
        if count != 1 { return "element \(value) counts \(count), expected 1" }
        seen += 1
        if seen == 16 { break }
      }
      return nil
    }
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
