import Foundation
import StressKit

/// What the Summary means by listing `NSEnumerator`: the enumerator is fine, the collection it
/// walks must not change meanwhile. Writes append tokens to a shared `NSMutableArray`; reads
/// walk its first 64 objects with `objectEnumerator()`. Each object must be a token, and one
/// thread's tokens must come in the order it appended them.
package final class NSEnumeratorSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsenumerator-mutated",
    summary: "NSEnumerator over an NSMutableArray appended to meanwhile: objectEnumerator()",
    documented: .unsafe, sendable: Sendability.of(NSEnumerator.self),
    calls: [
      "NSMutableArray add(_:) (write)",
      "objectEnumerator() (read)",
      "nextObject(), up to 64 times (read)",
    ],
    leavesOut:
      "reverseObjectEnumerator(): rare in applications; allObjects: linear in a growing "
      + "array, so a trial's cost would grow with its length; for-in fast enumeration: "
      + "nsmutablearray covers it; removing or replacing during enumeration: not covered "
      + "yet"
  )

  static let walk = 64
  private let items = NSMutableArray()

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    items.add(NSNumber(value: step.token))
  }

  package func read(_ step: Step) -> String? {
    let enumerator = items.objectEnumerator()
    var last: [Int: Int] = [:]
    for _ in 0..<Self.walk {
      guard let object = enumerator.nextObject() else { return nil }
      guard let token = (object as? NSNumber)?.intValue, let (thread, seq) = Token.decode(token)
      else { return "enumerated \(object), not a token" }
      if let before = last[thread], before >= seq {
        return "enumerated write #\(seq) of thread \(thread) after its #\(before)"
      }
      last[thread] = seq
    }
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: writesPerThread)
  }
}
