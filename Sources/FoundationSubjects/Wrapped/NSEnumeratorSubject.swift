import Foundation
import StressKit

/// What the Summary means by listing `NSEnumerator`: the enumerator is fine, the collection it
/// walks must not change meanwhile. Writes append tokens to a shared `NSMutableArray` (one in
/// four then replaces an element by itself, one in four adds a spare and removes it); reads
/// walk its first 64 objects with `objectEnumerator()`. Each object must be a token, and one
/// thread's tokens must come in the order it appended them.
package final class NSEnumeratorSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsenumerator-mutated",
    summary: "NSEnumerator over an NSMutableArray appended to meanwhile: objectEnumerator()",
    documented: .unsafe, sendable: Sendability.of(NSEnumerator.self),
    calls: [
      "NSMutableArray add(_:) (write)",
      "replaceObject(at:with:) of an element by itself, after add(_:) (write, 1 in 4)",
      "add(_:) of a spare, removeLastObject(), after add(_:) (write, 1 in 4)",
      "objectEnumerator() (read)",
      "nextObject(), up to 64 times (read)",
    ],
    leavesOut:
      "reverseObjectEnumerator(): rare in applications; allObjects: linear in a growing "
      + "array, so a trial's cost would grow with its length; for-in fast enumeration: "
      + "nsmutablearray covers it"
  )

  static let walk = 64
  private let items = NSMutableArray()

  package init(shape: TrialShape) {}

  /// What a removing write adds and takes out again: a reader may meet it.
  static let spare = NSNumber(value: -7)

  package func write(_ step: Step) {
    items.add(NSNumber(value: step.token))
    switch step.random % 4 {
    case 0:
      let index = Int((step.random >> 8) % UInt64(items.count))
      items.replaceObject(at: index, with: items.object(at: index))
    case 1:
      items.add(Self.spare)
      items.removeLastObject()
    default: break
    }
  }

  package func read(_ step: Step) -> String? {
    let enumerator = items.objectEnumerator()
    var last: [Int: Int] = [:]
    for _ in 0..<Self.walk {
      guard let object = enumerator.nextObject() else { return nil }
      if (object as? NSNumber) == Self.spare { continue }
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
