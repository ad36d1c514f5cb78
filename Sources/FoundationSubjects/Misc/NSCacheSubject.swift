import Foundation
import StressKit

/// One shared `NSCache`, as a server caches computed values: `setObject(~key, forKey: key)`,
/// `object(forKey:)`. A cache may evict, so a missing entry is fine; a wrong one is not.
package final class NSCacheSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscache", summary: "NSCache: setObject(_:forKey:), object(forKey:)",
    documented: .notListed,
    reference:
      "NSCache reference: you can add, remove, and query items in the cache from different "
      + "threads without having to lock the cache yourself",
    sendable: Sendability.of(NSCache<NSNumber, NSNumber>.self),
    calls: [
      "setObject(_:forKey:) (write)",
      "object(forKey:) (read)",
    ],
    leavesOut:
      "removeObject(forKey:), removeAllObjects(), setObject(_:forKey:cost:), countLimit and totalCostLimit, delegate"
  )

  private let shape: TrialShape
  private let cache = NSCache<NSNumber, NSNumber>()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    cache.setObject(NSNumber(value: ~step.token), forKey: NSNumber(value: step.token))
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    guard let value = cache.object(forKey: NSNumber(value: key))?.intValue else { return nil }
    return value == ~key ? nil : "key \(key) maps to \(value), expected \(~key)"
  }

  /// Every written key is absent (evicted) or maps to its value; nothing else can be checked,
  /// since an NSCache cannot be enumerated.
  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    for (thread, writes) in writesPerThread.enumerated() {
      for seq in 0..<writes {
        let key = Token.encode(thread: thread, seq: seq)
        if let value = cache.object(forKey: NSNumber(value: key))?.intValue, value != ~key {
          violations.add("key \(key) maps to \(value), expected \(~key)")
        }
      }
    }
    return violations
  }
}
