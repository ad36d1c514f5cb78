import Foundation
import StressKit

/// `NSMutableDictionary` checked by its operations alone: set, get, remove and count. Its
/// contents are its state, so equal contents are explored once.
package enum NSMutableDictionaryModel: ModelTest {
  package static let info = SubjectInfo(
    id: "nsmutabledictionary-model",
    summary: "NSMutableDictionary as a model test: set, get, remove, count", documented: .unsafe,
    sendable: Sendability.of(NSMutableDictionary.self),
    calls: [
      "setObject(_:forKey:) (keys 0–2)",
      "object(forKey:)",
      "removeObject(forKey:)",
      "count",
    ],
    leavesOut:
      "enumeration: nsmutabledictionary covers it; allKeys and allValues: not covered "
      + "yet; addEntries(from:): nsmutabledictionary covers it; removeAllObjects(): not "
      + "covered yet; more than three keys: a model test draws keys from a small domain "
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
    .read("count") { $0.count },
  ]
}
