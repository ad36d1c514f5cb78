import StressKit

/// A Swift `Set<Int>` in one shared variable: writes insert, reads test membership or load the
/// first element.
package final class SwiftSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "swift-set", summary: "Swift Set<Int> in a shared var: insert, contains, first",
    documented: .notListed, sendable: Sendability.of(Set<Int>.self),
    calls: ["insert(_:)", "contains(_:)", "first"],
    leavesOut: "removal, enumeration and set algebra: a shared var races on any of them")

  private let shape: TrialShape
  private var items: Set<Int> = []

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items.insert(step.token)
  }

  package func read(_ step: Step) -> String? {
    if step.random & 1 == 0 {
      _ = items.contains(Token.probe(step.random, shape: shape))
      return nil
    }
    guard let value = items.first, !shape.couldHaveWritten(value) else { return nil }
    return "element \(value) was never written"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(items, writesPerThread: writesPerThread)
  }
}
