import StressKitCore
import Synchronization

/// A "thread-safe" cache whose get-or-create checks, then acts, in two critical sections: two
/// threads missing one key both create, and are handed different values. Values are numbered
/// by creation, per instance, so a sequential run knows which one each request gets.
package final class SelfTestCheckThenActCache: @unchecked Sendable {
  private let storage = Mutex<[Int: Int]>([:])
  private let made = Atomic<Int>(0)
  private let split: Bool

  init(split: Bool) { self.split = split }

  func value(forKey key: Int) -> Int? { storage.withLock { $0[key] } }

  func value(forKey key: Int, orCreate: Bool) -> Int {
    guard split else {
      return storage.withLock { storage in
        if let cached = storage[key] { return cached }
        let value = made.add(1, ordering: .relaxed).newValue
        storage[key] = value
        return value
      }
    }
    if let cached = value(forKey: key) { return cached }
    let value = made.add(1, ordering: .relaxed).newValue
    storage.withLock { $0[key] = value }
    return value
  }

  static let operations: [ModelOperation<SelfTestCheckThenActCache>] = [
    .write("getOrCreate", 0..<2) { $0.value(forKey: $1, orCreate: true) },
    .read("get", 0..<2) { $0.value(forKey: $1) },
  ]
}

/// The check-then-act cache, as a model test: not linearizable.
package enum SelfTestModelCache: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-cache",
    summary: "self-test model: get-or-create checks and acts in two critical sections",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestCheckThenActCache { SelfTestCheckThenActCache(split: true) }
  package static var operations: [ModelOperation<SelfTestCheckThenActCache>] {
    SelfTestCheckThenActCache.operations
  }
}

/// Its fix, one critical section: never fails.
package enum SelfTestModelCacheFixed: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-cache-fixed",
    summary: "self-test model: get-or-create in one critical section", documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "it checks and acts under one lock")],
    traits: [.hidden])
  package static func make() -> SelfTestCheckThenActCache {
    SelfTestCheckThenActCache(split: false)
  }
  package static var operations: [ModelOperation<SelfTestCheckThenActCache>] {
    SelfTestCheckThenActCache.operations
  }
}
