import Foundation
import StressKit

/// An immutable `NSDictionary` shared read-only, read as an application reads a shared map:
/// lookups (the first and last key and a missing one first), bulk lookups, enumeration and its
/// keys.
package final class NSDictionarySubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case object = "object(forKey:)"
    case objects = "objects(forKeys:notFoundMarker:) (8 keys)"
    case forIn = "for-in (fast enumeration of the whole dictionary)"
    case enumerate = "enumerateKeysAndObjects(_:)"
    case allKeys = "allKeys"
    case count = "count"
    case stringKey = "object(forKey:) with String keys (a twin keyed by \"k<n>\")"
    case valueForKey = "value(forKey:) (key-value coding, on the String-keyed twin)"
  }

  package static let info = SubjectInfo(
    id: "nsdictionary",
    summary: "immutable NSDictionary, shared read-only: lookups, bulk lookups, enumeration",
    documented: .safe, sendable: Sendability.of(NSDictionary.self), traits: [.readOnly],
    calls: Call.allCases.map(\.rawValue), inputs: [keys.summary], edges: keys.edges,
    leavesOut:
      "keysSortedByValue(comparator:): it sorts the whole dictionary, so its cost would "
      + "outweigh every lookup; copy(): an immutable dictionary's copy is itself")

  package static let size = 64
  /// Key indices; `size` stands for a key that is not in the dictionary.
  package static let keys = InputDomain(
    "keys", edges: [0, size - 1, size], ordinary: Array(1..<(size - 1)),
    describe: { $0 == size ? "a missing key" : "key #\($0)" })
  package static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  private let focus: Focus?
  private let items: NSDictionary
  /// The same entries keyed by `"k<key>"`, as a dictionary decoded from JSON is keyed.
  private let named: NSDictionary

  package init(shape: TrialShape) {
    focus = shape.focus
    let keys = (0..<Self.size).map { NSNumber(value: Self.key($0)) }
    items = NSDictionary(objects: keys.map { NSNumber(value: ~$0.intValue) }, forKeys: keys)
    named = NSDictionary(
      objects: keys.map { NSNumber(value: ~$0.intValue) },
      forKeys: keys.map { NSString(string: "k\($0.intValue)") })
  }

  /// The key at `index`; `size` gives one no thread stored.
  static func key(_ index: Int) -> Int {
    index == size ? Token.encode(thread: 1, seq: 0) : Token.encode(thread: 0, seq: index)
  }

  private static func number(_ object: Any?) -> Int? { (object as? NSNumber)?.intValue }

  private static func pair(_ key: Any, _ value: Any) -> String? {
    guard let k = number(key), k >= 0 else { return "key \(key) was never stored" }
    return number(value) == ~k ? nil : "key \(k) maps to \(value)"
  }

  package func read(_ step: Step) -> String? {
    let i = Self.keys[step, focus]
    let key = Self.key(i)
    switch Focus.call(focus, of: Call.self, else: Self.choice[step]) {
    case .object:
      let value = Self.number(items.object(forKey: NSNumber(value: key)))
      let expected = i == Self.size ? nil : ~key
      return value == expected ? nil : "key \(key) maps to \(value.map(String.init) ?? "nothing")"
    case .objects:
      let wanted = (0..<8).map { NSNumber(value: Self.key(min(Self.size, i + $0))) }
      let found = items.objects(forKeys: wanted, notFoundMarker: NSNull())
      for (k, v) in zip(wanted, found) {
        let missing = k.intValue == Self.key(Self.size)
        if missing ? !(v is NSNull) : Self.number(v) != ~k.intValue {
          return "objects(forKeys:) gave \(v) for key \(k)"
        }
      }
      return found.count == wanted.count ? nil : "objects(forKeys:) gave \(found.count) values"
    case .forIn:
      var seen = 0
      for (k, v) in items {
        if let wrong = Self.pair(k, v) { return "for-in: \(wrong)" }
        seen += 1
      }
      return seen == Self.size ? nil : "for-in saw \(seen) entries of \(Self.size)"
    case .enumerate:
      var wrong: String?
      var seen = 0
      items.enumerateKeysAndObjects { k, v, stop in
        seen += 1
        if let w = Self.pair(k, v) {
          wrong = "enumerateKeysAndObjects: \(w)"
          stop.pointee = true
        }
      }
      return wrong ?? (seen == Self.size ? nil : "enumerateKeysAndObjects saw \(seen) entries")
    case .allKeys:
      let count = items.allKeys.count
      return count == Self.size ? nil : "allKeys has \(count) keys of \(Self.size)"
    case .count:
      return items.count == Self.size ? nil : "count is \(items.count), not \(Self.size)"
    case .stringKey, .valueForKey:
      let name = "k\(key)"
      let found =
        Focus.call(focus, of: Call.self, else: Self.choice[step]) == .stringKey
        ? named.object(forKey: name) : named.value(forKey: name)
      let value = Self.number(found)
      let expected = i == Self.size ? nil : ~key
      return value == expected ? nil : "key \(name) maps to \(value.map(String.init) ?? "nothing")"
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Token.verify(
      items.allKeys.map { Self.number($0) ?? -1 }, writesPerThread: [Self.size])
    for (key, value) in items {
      if let wrong = Self.pair(key, value) { violations.add(wrong) }
    }
    return violations
  }
}
