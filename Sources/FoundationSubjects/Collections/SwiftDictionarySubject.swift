import StressKit

/// A Swift `[Int: Int]` in one shared variable: writes insert token -> ~token, reads look up a
/// key some thread may have written and check its value.
package final class SwiftDictionarySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "swift-dictionary", summary: "Swift [Int: Int] in a shared var: insert, look up",
    documented: .notListed, sendable: Sendability.of([Int: Int].self),
    calls: ["subscript(_:) set", "subscript(_:) get"],
    leavesOut: "removal: swift-dictionary-model covers it; enumeration and merging: a shared var "
      + "races on them anyway")

  private let shape: TrialShape
  private var items: [Int: Int] = [:]

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items[step.token] = ~step.token
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    guard let value = items[key], value != ~key else { return nil }
    return "key \(key) maps to \(value), expected \(~key)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Token.verify(items.keys, writesPerThread: writesPerThread)
    for (key, value) in items where value != ~key {
      violations.add("key \(key) maps to \(value), expected \(~key)")
    }
    return violations
  }
}
