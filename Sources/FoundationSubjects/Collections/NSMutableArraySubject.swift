import Foundation
import StressKit

/// One shared `NSMutableArray`: writes `add`, reads `object(at:)` at a random index below `count`.
package final class NSMutableArraySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutablearray", summary: "NSMutableArray: add, count + object(at:)",
    documented: .unsafe, sendable: Sendability.of(NSMutableArray.self))

  private let shape: TrialShape
  private let items = NSMutableArray()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items.add(NSNumber(value: step.token))
  }

  package func read(_ step: Step) -> String? {
    let count = items.count
    guard count > 0 else { return nil }
    let object = items.object(at: Int(step.random % UInt64(count)))
    guard let value = (object as? NSNumber)?.intValue else { return "element is \(object)" }
    return shape.couldHaveWritten(value) ? nil : "element \(value) was never written"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: writesPerThread)
  }
}
