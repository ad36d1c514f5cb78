import Foundation
import StressKit

/// One shared `NSMutableDictionary`, used as an application uses a shared cache map: writes
/// store `~token` under `token` by three calls (one in bulk), or under the String `"k<token>"`
/// as a map decoded from JSON is keyed; reads look up a key some thread may have written (by
/// number or by String), count it and enumerate its first entries.
package final class NSMutableDictionarySubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case set = "setObject(_:forKey:)"
    case subscripted = "subscript(_:) set"
    case addEntries = "addEntries(from:)"
    case named = "setObject(_:forKey:) with a String key"
  }

  package enum Read: String, CaseIterable {
    case object = "object(forKey:)"
    case subscripted = "subscript(_:) get"
    case count = "count"
    case forIn = "for-in (fast enumeration of the first 32 entries)"
    case named = "object(forKey:) with a String key"
  }

  package static let info = SubjectInfo(
    id: "nsmutabledictionary",
    summary: "NSMutableDictionary: set, subscript, addEntries; look up, count, enumerate",
    documented: .unsafe, sendable: Sendability.of(NSMutableDictionary.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    leavesOut: "removal: nsmutabledictionary-model covers it; "
      + "key-value coding: Linux has none (NSDictionary's value(forKey:) is "
      + "object(forKey:)); allKeys and allValues: linear in a growing dictionary, so a "
      + "trial's cost would grow with its length")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  private let shape: TrialShape
  private let items = NSMutableDictionary()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    let key = NSNumber(value: step.token)
    let value = NSNumber(value: ~step.token)
    switch Self.writes[step] {
    case .set: items.setObject(value, forKey: key)
    case .subscripted: items[key] = value
    case .addEntries: items.addEntries(from: [key: value])
    case .named: items.setObject(value, forKey: Self.name(step.token))
    }
  }

  /// The String key of `token`.
  static func name(_ token: Int) -> NSString { NSString(string: "k\(token)") }

  /// The token a key stands for, whether a number or a String.
  static func token(of key: Any) -> Int? {
    if let number = key as? NSNumber { return number.intValue }
    guard let text = (key as? NSString).map({ String($0) }) ?? (key as? String),
      text.hasPrefix("k")
    else { return nil }
    return Int(text.dropFirst())
  }

  private static func entry(_ key: Int, _ object: Any?) -> String? {
    guard let object else { return nil }
    guard let value = (object as? NSNumber)?.intValue else { return "value is \(object)" }
    return value == ~key ? nil : "key \(key) maps to \(value), expected \(~key)"
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    switch Self.reads[step] {
    case .object:
      return Self.entry(key, items.object(forKey: NSNumber(value: key)))
    case .named:
      return Self.entry(key, items.object(forKey: Self.name(key)))
    case .subscripted:
      return Self.entry(key, items[NSNumber(value: key)])
    case .count:
      let count = items.count
      let most = shape.opsPerThread.map { $0 * shape.threads } ?? Int.max
      return (0...most).contains(count) ? nil : "count is \(count)"
    case .forIn:
      var seen = 0
      for (k, v) in items {
        guard let k = Self.token(of: k), shape.couldHaveWritten(k) else {
          return "key \(k) was never written"
        }
        if let wrong = Self.entry(k, v) { return wrong }
        seen += 1
        if seen == 32 { break }
      }
      return nil
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var keys: [Int] = []
    var violations = Violations()
    for (key, value) in items {
      let k = Self.token(of: key) ?? -1
      keys.append(k)
      if (value as? NSNumber)?.intValue != ~k { violations.add("key \(k) maps to \(value)") }
    }
    violations.merge(Token.verify(keys, writesPerThread: writesPerThread))
    return violations
  }
}
