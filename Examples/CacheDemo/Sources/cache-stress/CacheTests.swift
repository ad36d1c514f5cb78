import Foundation
import StressKit
import Synchronization

/// A cache as the tests use it: each value it creates is the next number, so a sequential run
/// knows which value every request is handed.
final class Numbered<C: KeyedCache>: @unchecked Sendable {
  let cache: C
  private let made = Atomic<Int>(0)

  init(_ cache: C) { self.cache = cache }

  func value(_ key: Int) -> Int? { cache.value(forKey: key) }

  func valueOrCreate(_ key: Int) -> Int {
    cache.value(forKey: key) { made.add(1, ordering: .relaxed).newValue }
  }
}

/// `Cache`, which promises thread safety: a failure unprotected fails the run.
enum CacheTest: ModelTest {
  static let info = SubjectInfo(
    id: "cache", summary: "Cache: value(forKey:) and value(forKey:create:)",
    documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "Cache documents itself as thread-safe")])
  static func make() -> Numbered<Cache<Int, NSLock>> { Numbered(Cache(lock: NSLock())) }
  static let operations: [ModelOperation<Numbered<Cache<Int, NSLock>>>] = [
    .read("value", 0..<2) { $0.value($1) },
    .write("valueOrCreate", 0..<2) { $0.valueOrCreate($1) },
  ]
}
