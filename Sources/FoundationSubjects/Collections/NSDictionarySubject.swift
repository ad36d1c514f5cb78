import Foundation
import StressKit

/// An immutable `NSDictionary` shared read-only: every read checks a random key's value.
package final class NSDictionarySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsdictionary", summary: "immutable NSDictionary, shared read-only: object(forKey:)",
    documented: .safe, sendable: Sendability.of(NSDictionary.self), traits: [.readOnly])

  static let size = 4096
  private let items: NSDictionary

  package init(shape: TrialShape) {
    let keys = (0..<Self.size).map { NSNumber(value: Token.encode(thread: 0, seq: $0)) }
    let values = keys.map { NSNumber(value: ~$0.intValue) }
    items = NSDictionary(objects: values, forKeys: keys)
  }

  package func read(_ step: Step) -> String? {
    let key = Token.encode(thread: 0, seq: Int(step.random % UInt64(Self.size)))
    let value = (items.object(forKey: NSNumber(value: key)) as? NSNumber)?.intValue
    return value == ~key ? nil : "key \(key) maps to \(value.map(String.init) ?? "nothing")"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Token.verify(
      items.allKeys.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: [Self.size])
    for (key, value) in items {
      let k = (key as? NSNumber)?.intValue ?? -1
      if (value as? NSNumber)?.intValue != ~k { violations.add("key \(k) maps to \(value)") }
    }
    return violations
  }
}
