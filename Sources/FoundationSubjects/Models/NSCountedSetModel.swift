import Foundation
import StressKit

/// `NSCountedSet` checked by its operations alone: add, remove, remove all, an element's count
/// and the number of distinct elements. Its counts are its state.
package enum NSCountedSetModel: ModelTest {
  package static let info = SubjectInfo(
    id: "nscountedset-model",
    summary: "NSCountedSet as a model test: add, remove, remove all, count",
    documented: .unsafe, sendable: Sendability.of(NSCountedSet.self),
    calls: [
      "add(_:) (elements 0–2)",
      "remove(_:)",
      "removeAllObjects()",
      "count(for:)",
      "count",
    ],
    leavesOut:
      "objectEnumerator(): nscountedset covers it, its for-in goes through "
      + "objectEnumerator(); member(_:): nscountedset covers it; allObjects: nscountedset "
      + "covers it, on Linux it walks objectEnumerator(); addObjects(from:): on Linux it "
      + "is add(_:) element by element, which the subject makes; set algebra: on Linux it adds and removes element by element, as "
      + "the subject does"
  )
  package static func make() -> NSCountedSet { NSCountedSet() }
  package static func state(of set: NSCountedSet) -> AnyHashable? {
    (0..<3).map { set.count(for: $0 as NSNumber) }
  }
  package static let operations: [ModelOperation<NSCountedSet>] = [
    .write("add", 0..<3) { $0.add($1 as NSNumber) },
    .write("remove", 0..<3) { $0.remove($1 as NSNumber) },
    .write("removeAll") { $0.removeAllObjects() },
    .read("countFor", 0..<3) { $0.count(for: $1 as NSNumber) },
    .read("count") { $0.count },
  ]
}
