import Foundation
import StressKit

/// An immutable `NSArray` shared read-only: every read checks the element at a random index.
package final class NSArraySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsarray", summary: "immutable NSArray, shared read-only: object(at:)",
    documented: .safe, sendable: Sendability.of(NSArray.self), traits: [.readOnly])

  static let size = 4096
  private let items: NSArray

  package init(shape: TrialShape) {
    items = NSArray(
      array: (0..<Self.size).map { NSNumber(value: Token.encode(thread: 0, seq: $0)) })
  }

  package func read(_ step: Step) -> String? {
    let index = Int(step.random % UInt64(Self.size))
    let value = (items.object(at: index) as? NSNumber)?.intValue
    let expected = Token.encode(thread: 0, seq: index)
    return value == expected
      ? nil : "element \(index) is \(value.map(String.init) ?? "not a number")"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: [Self.size])
  }
}
