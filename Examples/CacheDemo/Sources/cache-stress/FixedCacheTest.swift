import Foundation
import StressKit

/// The same test for `FixedCache`, which checks and inserts under one lock.
enum FixedCacheTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-cache", summary: "FixedCache: the same operations", documented: .notListed,
    expectations: [
      .neverFails(.unprotected, because: "FixedCache documents itself as thread-safe")
    ])
  static func make() -> Numbered<FixedCache<Int, NSLock>> { Numbered(FixedCache(lock: NSLock())) }
  static let operations: [ModelOperation<Numbered<FixedCache<Int, NSLock>>>] = [
    .read("value", 0..<2) { $0.value($1) },
    .write("valueOrCreate", 0..<2) { $0.valueOrCreate($1) },
  ]
}
