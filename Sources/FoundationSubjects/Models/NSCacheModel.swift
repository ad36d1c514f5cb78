import Foundation
import StressKit

/// `NSCache` checked as a map, by its operations alone: set, get and remove on a few keys,
/// each key's history checked on its own (they are independent).
package enum NSCacheModel: ModelTest {
  package typealias Cache = NSCache<NSNumber, NSNumber>

  package static let info = SubjectInfo(
    id: "nscache-model", summary: "NSCache as a model test: set, get, remove",
    documented: .notListed, reference: NSCacheSubject.info.reference,
    sendable: NSCacheSubject.info.sendable,
    calls: [
      "setObject(_:forKey:) (keys 0–2)",
      "object(forKey:)",
      "removeObject(forKey:)",
    ],
    leavesOut:
      "removeAllObjects(), costs, countLimit and totalCostLimit eviction: nscache "
      + "covers them; delegate: rare in applications; more than three keys: a model test "
      + "draws keys from a small domain so that threads collide"
  )
  package static func make() -> Cache { Cache() }
  package static let operations: [ModelOperation<Cache>] = [
    .write("set", 0..<3, 1..<3) { $0.setObject(NSNumber(value: $2), forKey: NSNumber(value: $1)) }
      .keyed(),
    .read("get", 0..<3) { $0.object(forKey: NSNumber(value: $1))?.intValue }.keyed(),
    .write("remove", 0..<3) { $0.removeObject(forKey: NSNumber(value: $1)) }.keyed(),
  ]
}
