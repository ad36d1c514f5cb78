import StressKit

/// A Swift `[Int]` in one shared variable: writes append, reads load an element at random.
package final class SwiftArraySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "swift-array", summary: "Swift [Int] in a shared var: append, read at a random index",
    documented: .notListed, sendable: Sendability.of([Int].self),
    calls: ["append(_:)", "subscript(_:) get (a copy of the array)"],
    leavesOut: "removal, insertion, enumeration and bulk appends: a shared var races on any of "
      + "them"
  )

  private let shape: TrialShape
  private var items: [Int] = []

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items.append(step.token)
  }

  package func read(_ step: Step) -> String? {
    let snapshot = items
    guard !snapshot.isEmpty else { return nil }
    let value = snapshot[Int(step.random % UInt64(snapshot.count))]
    return shape.couldHaveWritten(value) ? nil : "element \(value) was never written"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(items, writesPerThread: writesPerThread)
  }
}
