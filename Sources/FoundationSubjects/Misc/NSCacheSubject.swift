import Foundation
import StressKit

/// One shared `NSCache` with a count and a cost limit, as a server caches computed values:
/// entries set with and without a cost, removed, the whole cache cleared now and then, and
/// looked up, while the limits make it evict. Key k only ever maps to ~k. A cache may evict,
/// so a missing entry is fine; a wrong one is not.
package final class NSCacheSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case set = "setObject(_:forKey:)"
    case cost = "setObject(_:forKey:cost:) (costs 1 to 64)"
    case remove = "removeObject(forKey:) (the thread's previous key)"
    case removeAll = "removeAllObjects() (1 write in 64)"
  }

  package static let info = SubjectInfo(
    id: "nscache",
    summary: "NSCache with count and cost limits: set, set with cost, remove, clear, get",
    documented: .notListed,
    reference:
      "NSCache reference: you can add, remove, and query items in the cache from different "
      + "threads without having to lock the cache yourself",
    sendable: Sendability.of(NSCache<NSNumber, NSNumber>.self),
    calls: Write.allCases.map { "\($0.rawValue) (write)" } + [
      "object(forKey:) (read)", "countLimit 512 and totalCostLimit 8192 (evicting)",
    ],
    leavesOut:
      "a delegate (willEvictObject): rare in applications; NSDiscardableContent, "
      + "evictsObjectsWithDiscardedContent: swift-corelibs-foundation has no "
      + "NSDiscardableContent and never reads the flag")

  /// The write a step makes: clearing is rare, as in a server.
  package static func write(for step: Step) -> Write {
    let r = Draw.choice(step.random, 64)
    return r == 0 ? .removeAll : [Write.set, .cost, .remove][r % 3]
  }

  private let shape: TrialShape
  private let cache = NSCache<NSNumber, NSNumber>()

  package init(shape: TrialShape) {
    self.shape = shape
    cache.countLimit = 512
    cache.totalCostLimit = 8_192
  }

  package func write(_ step: Step) {
    let value = NSNumber(value: ~step.token)
    let key = NSNumber(value: step.token)
    switch Self.write(for: step) {
    case .set: cache.setObject(value, forKey: key)
    case .cost: cache.setObject(value, forKey: key, cost: 1 + Int(step.random >> 58))
    case .remove:
      cache.setObject(value, forKey: key)
      if step.seq > 0 {
        cache.removeObject(
          forKey: NSNumber(value: Token.encode(thread: step.thread, seq: step.seq - 1)))
      }
    case .removeAll: cache.removeAllObjects()
    }
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
