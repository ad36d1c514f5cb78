import Foundation
import StressKit

/// One shared `NSMutableDictionary`: writes `setObject(~token, forKey: token)`, reads look up a
/// key some thread may have written.
package final class NSMutableDictionarySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutabledictionary",
    summary: "NSMutableDictionary: setObject(_:forKey:), object(forKey:)",
    documented: .unsafe, sendable: Sendability.of(NSMutableDictionary.self))

  private let shape: TrialShape
  private let items = NSMutableDictionary()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    items.setObject(NSNumber(value: ~step.token), forKey: NSNumber(value: step.token))
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    guard let object = items.object(forKey: NSNumber(value: key)) else { return nil }
    guard let value = (object as? NSNumber)?.intValue else { return "value is \(object)" }
    return value == ~key ? nil : "key \(key) maps to \(value), expected \(~key)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var keys: [Int] = []
    var violations = Violations()
    for (key, value) in items {
      let k = (key as? NSNumber)?.intValue ?? -1
      keys.append(k)
      if (value as? NSNumber)?.intValue != ~k { violations.add("key \(k) maps to \(value)") }
    }
    violations.merge(Token.verify(keys, writesPerThread: writesPerThread))
    return violations
  }
}
