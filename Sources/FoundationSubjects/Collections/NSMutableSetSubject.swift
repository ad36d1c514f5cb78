import Foundation
import StressKit

/// One shared `NSMutableSet`: writes `add`, reads `contains` or `anyObject`.
public final class NSMutableSetSubject: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "nsmutableset", summary: "NSMutableSet: add, contains, anyObject",
    documented: .unsafe)

  private let shape: TrialShape
  private let items = NSMutableSet()

  public init(shape: TrialShape) {
    self.shape = shape
  }

  public func write(_ step: Step) {
    items.add(NSNumber(value: step.token))
  }

  public func read(_ step: Step) -> String? {
    if step.random & 1 == 0 {
      _ = items.contains(NSNumber(value: Token.probe(step.random, shape: shape)))
      return nil
    }
    guard let object = items.anyObject() else { return nil }
    guard let value = (object as? NSNumber)?.intValue else { return "element is \(object)" }
    return shape.couldHaveWritten(value) ? nil : "element \(value) was never written"
  }

  public func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.allObjects.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: writesPerThread)
  }
}
