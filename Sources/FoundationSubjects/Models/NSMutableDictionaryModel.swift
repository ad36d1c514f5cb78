import Foundation
import StressKit

/// `NSMutableDictionary` checked by its operations alone: set, get, remove, remove all, count,
/// and its keys and values whole. Its contents are its state, so equal contents are explored
/// once.
package enum NSMutableDictionaryModel: ModelTest {
  package static let info = SubjectInfo(
    id: "nsmutabledictionary-model",
    summary: "NSMutableDictionary as a model test: set, get, remove, remove all, count, keys",
    documented: .unsafe,
    sendable: Sendability.of(NSMutableDictionary.self),
    calls: [
      "setObject(_:forKey:) (keys 0–2)",
      "object(forKey:)",
      "removeObject(forKey:)",
      "removeAllObjects()",
      "count",
      "allKeys, allValues (sorted)",
    ],
    leavesOut:
      "enumeration: nsmutabledictionary covers it; addEntries(from:): nsmutabledictionary "
      + "covers it; more than three keys: a model test draws keys from a small domain "
      + "so that threads collide"
  )
  package static func make() -> NSMutableDictionary { NSMutableDictionary() }
  package static func state(of dictionary: NSMutableDictionary) -> AnyHashable? {
    (0..<3).map { (dictionary.object(forKey: $0) as? Int) ?? -1 }
  }
  package static let operations: [ModelOperation<NSMutableDictionary>] = [
    .write("set", 0..<3, 1..<3) { $0.setObject($2, forKey: $1 as NSNumber) },
    .read("get", 0..<3) { $0.object(forKey: $1) as? Int },
    .write("remove", 0..<3) { $0.removeObject(forKey: $1) },
    .write("removeAll") { $0.removeAllObjects() },
    .read("count") { $0.count },
    .read("keysAndValues") { d in
      let keys = d.allKeys.compactMap { ($0 as? NSNumber)?.intValue }.sorted()
      return keys + [-1] + d.allValues.compactMap { ($0 as? NSNumber)?.intValue }.sorted()
    },
  ]
}
