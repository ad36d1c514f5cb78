import StressKit
import Synchronization

/// What the subject needs of a cache: both caches below have it.
protocol KeyedCache: AnyObject, Sendable {
  /// The subject's id and summary.
  static var id: String { get }
  static var summary: String { get }
  init()
  func value(forKey key: Int) -> Int?
  func value(forKey key: Int, create: () -> Int) -> Int
}

extension Cache<Int>: KeyedCache {
  static var id: String { "cache" }
  static var summary: String { "Cache.value(forKey:create:), many threads asking for each new key" }
}

extension FixedCache<Int>: KeyedCache {
  static var id: String { "fixed-cache" }
  static var summary: String { "FixedCache.value(forKey:create:), the same requests" }
}

/// Stresses a cache as it is used: many threads ask for the same key at once, each wanting the
/// one shared value. Thread k's n-th request asks for key n, so every key is a fresh race. The
/// caches promise thread safety, so a failure unprotected is a broken promise: it fails the run.
final class CacheSubject<C: KeyedCache>: StressSubject, @unchecked Sendable {
  static var info: SubjectInfo {
    SubjectInfo(
      id: C.id, summary: C.summary, documented: .notListed,
      expectations: [
        .neverFails(.unprotected, because: "\(C.self) documents itself as thread-safe")
      ],
      defaultReadRatio: 0.2)
  }

  private let cache = C()
  /// What each thread was handed for each key, from stress's same-instance oracle.
  private let ledger: SameInstanceLedger

  init(shape: TrialShape) {
    ledger = SameInstanceLedger(shape: shape, naming: "key", countsCreations: false)
  }

  func write(_ step: Step) {
    let key = step.seq % ledger.slots
    ledger.record(
      thread: step.thread, slot: key, id: cache.value(forKey: key, create: ledger.create))
  }

  func read(_ step: Step) -> String? {
    ledger.validate(cache.value(forKey: Int(step.random % UInt64(ledger.slots))))
  }

  func check(writesPerThread: [Int]) -> Violations {
    ledger.check(writesPerThread: writesPerThread)
  }
}

/// A value made as a real cache would: with some work (about a microsecond), which is why it
/// is cached, and which is the window two threads can both fall into.
extension SameInstanceLedger {
  func create() -> Int {
    var work = UInt64(slots)
    for i in 0..<500 { work = work &* 6_364_136_223_846_793_005 &+ UInt64(i) }
    // Kept, so the optimizer cannot drop the work.
    withExtendedLifetime(work) {}
    return newInstance()
  }
}
