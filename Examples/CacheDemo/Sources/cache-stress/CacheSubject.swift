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
  private let ledger: CacheLedger

  init(shape: TrialShape) {
    ledger = CacheLedger(shape: shape)
  }

  func write(_ step: Step) {
    let key = step.seq % ledger.keys
    ledger.record(thread: step.thread, key: key, cache.value(forKey: key, create: ledger.create))
  }

  func read(_ step: Step) -> String? {
    ledger.validate(cache.value(forKey: Int(step.random % UInt64(ledger.keys))))
  }

  func check(writesPerThread: [Int]) -> Violations {
    ledger.check(writesPerThread: writesPerThread)
  }
}

/// What each thread was handed for each key (a row per thread, so the bookkeeping does not
/// race), and how many values were created.
final class CacheLedger: @unchecked Sendable {
  let keys: Int
  private let threads: Int
  private let handed: UnsafeMutablePointer<Int>
  private let created = Atomic<Int>(0)
  private let sink = Atomic<UInt64>(0)

  init(shape: TrialShape) {
    threads = shape.threads
    keys = max(1, min(shape.opsPerThread ?? 4096, 1 << 16))
    handed = .allocate(capacity: threads * keys)
    handed.initialize(repeating: 0, count: threads * keys)
  }

  deinit {
    handed.deallocate()
  }

  /// Makes a value as a real cache would: with some work (about a microsecond), which is why
  /// it is cached, and which is the window two threads can both fall into.
  func create() -> Int {
    var work = UInt64(threads)
    for i in 0..<500 { work = work &* 6_364_136_223_846_793_005 &+ UInt64(i) }
    // Stored, so the optimizer cannot drop the work.
    sink.store(work, ordering: .relaxed)
    return created.add(1, ordering: .relaxed).newValue
  }

  func record(thread: Int, key: Int, _ value: Int) {
    handed[thread * keys + key] = value
  }

  func validate(_ value: Int?) -> String? {
    guard let value else { return nil }
    return value > 0 && value <= created.load(ordering: .relaxed) ? nil : "cache holds \(value)"
  }

  /// Every key got one value, and every thread that asked for it was handed that one.
  func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let reached = min(keys, writesPerThread.max() ?? 0)
    for key in 0..<reached {
      let values = Set(
        (0..<threads).filter { writesPerThread[$0] > key }.map { handed[$0 * keys + key] })
      if values.count > 1 {
        violations.add("key \(key): threads were handed \(values.count) different values")
      }
    }
    return violations
  }
}
