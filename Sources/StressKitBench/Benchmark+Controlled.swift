import Foundation
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressPlatform
import Synchronization

extension Benchmark {
  /// A scheduled primitive outside any controlled run against the primitive it stands for,
  /// ns/op, medians over `repeats` interleaved runs.
  package func primitiveOverhead() -> [Overhead] {
    let pairs: [(String, @Sendable (Int) -> Double, @Sendable (Int) -> Double)] = [
      ("NSLock loop vs ScheduledLock loop", ReferenceLoops.nsLock, Self.scheduledLock),
      ("Atomic<Int> add vs ScheduledAtomicInt add", Self.atomic, Self.scheduledAtomic),
      ("Mutex withLock vs ScheduledMutex withLock", ReferenceLoops.mutex, Self.scheduledMutex),
      ("Atomic<Int> add vs ScheduledAtomic<Int> add", Self.atomic, Self.scheduledAtomicValue),
      ("DispatchQueue sync vs ScheduledQueue sync", Self.queueSync, Self.scheduledQueueSync),
      ("DispatchQueue async vs ScheduledQueue async", Self.queueAsync, Self.scheduledQueueAsync),
      ("DispatchGroup enter+leave vs ScheduledGroup", Self.group, Self.scheduledGroup),
    ]
    return pairs.map { name, bare, scheduled in
      var a: [Double] = []
      var b: [Double] = []
      for _ in 0..<repeats {
        let ops = ops
        a.append(Self.onThread { bare(ops) })
        b.append(Self.onThread { scheduled(ops) })
      }
      return Overhead(
        name: name, referenceNanos: Percentiles(a)!.p50, harnessNanos: Percentiles(b)!.p50)
    }
  }

  /// Schedules a second that the controlled scheduler runs and checks, 2 threads x 3 calls,
  /// random walk, for a counter behind a lock, in a mutex and behind a concurrent queue's
  /// barrier (each write a block of its own), and an actor whose withdraw awaits; each the median of `repeats` runs of
  /// `schedules`, the types in turn within each repeat.
  package func schedulesPerSecond(schedules: Int = 2_000) -> [(name: String, rate: Double)] {
    let types: [(String, (UInt64) -> ExplorationResult)] = [
      ("lock-based counter", { Self.explore(ScheduledCounterTest.self, schedules, $0) }),
      ("Mutex-based counter", { Self.explore(ScheduledMutexCounterTest.self, schedules, $0) }),
      ("queue-based counter", { Self.explore(ScheduledQueueCounterTest.self, schedules, $0) }),
      // An actor's calls, each suspension a point: the controlled executor's rate.
      ("actor-based account", { Self.explore(SelfTestAsyncAccountFixed.self, schedules, $0) }),
    ]
    var rates = types.map { _ in [Double]() }
    for k in 0..<repeats {
      for (i, type) in types.enumerated() {
        let start = Platform.monotonicNanos()
        let result = type.1(UInt64(k + 1))
        let seconds = Double(Platform.monotonicNanos() - start) / 1e9
        rates[i].append(Double(result.schedules) / seconds)
      }
    }
    return zip(types, rates).map { ($0.0, Percentiles($1)!.p50) }
  }

  static func explore<M: ModelTest>(_: M.Type, _ schedules: Int, _ seed: UInt64)
    -> ExplorationResult
  {
    Exploration<M>.run(
      strategy: .randomWalk, threads: 2, schedules: schedules, seed: seed, stuckAfter: 2)
  }

  @inline(never)
  static func queueSync(ops: Int) -> Double {
    let queue = DispatchQueue(label: "bench")
    return timed(ops) { queue.sync {} }
  }

  @inline(never)
  static func scheduledQueueSync(ops: Int) -> Double {
    let queue = ScheduledQueue(label: "bench")
    return timed(ops) { queue.sync {} }
  }

  @inline(never)
  static func queueAsync(ops: Int) -> Double {
    let queue = DispatchQueue(label: "bench")
    return timed(ops, then: { queue.sync {} }) { queue.async {} }
  }

  @inline(never)
  static func scheduledQueueAsync(ops: Int) -> Double {
    let queue = ScheduledQueue(label: "bench")
    return timed(ops, then: { queue.sync {} }) { queue.async {} }
  }

  @inline(never)
  static func group(ops: Int) -> Double {
    let group = DispatchGroup()
    return timed(ops) {
      group.enter()
      group.leave()
    }
  }

  @inline(never)
  static func scheduledGroup(ops: Int) -> Double {
    let group = ScheduledGroup()
    return timed(ops) {
      group.enter()
      group.leave()
    }
  }

  /// ns a call of `body`, over `ops` calls and then `then` (which waits for what they began).
  @inline(__always)
  static func timed(_ ops: Int, then: () -> Void = {}, _ body: () -> Void) -> Double {
    let start = Platform.monotonicNanos()
    for _ in 0..<ops { body() }
    then()
    return Double(Platform.monotonicNanos() - start) / Double(ops)
  }

  @inline(never)
  static func scheduledLock(ops: Int) -> Double {
    ReferenceLoops.locked(ScheduledLock(), ops: ops)
  }

  @inline(never)
  static func atomic(ops: Int) -> Double {
    let atomic = Atomic<Int>(0)
    let start = Platform.monotonicNanos()
    for _ in 0..<ops { atomic.add(1, ordering: .sequentiallyConsistent) }
    let elapsed = Platform.monotonicNanos() - start
    ReferenceLoops.keep(UInt64(truncatingIfNeeded: atomic.load(ordering: .relaxed)))
    return Double(elapsed) / Double(ops)
  }

  @inline(never)
  static func scheduledAtomic(ops: Int) -> Double {
    let atomic = ScheduledAtomicInt(0)
    let start = Platform.monotonicNanos()
    for _ in 0..<ops { atomic.add(1) }
    let elapsed = Platform.monotonicNanos() - start
    ReferenceLoops.keep(UInt64(truncatingIfNeeded: atomic.load()))
    return Double(elapsed) / Double(ops)
  }

  @inline(never)
  static func scheduledMutex(ops: Int) -> Double {
    let mutex = ScheduledMutex(0)
    let start = Platform.monotonicNanos()
    for _ in 0..<ops { mutex.withLock { $0 &+= 1 } }
    let elapsed = Platform.monotonicNanos() - start
    ReferenceLoops.keep(UInt64(truncatingIfNeeded: mutex.withLock { $0 }))
    return Double(elapsed) / Double(ops)
  }

  @inline(never)
  static func scheduledAtomicValue(ops: Int) -> Double {
    let atomic = ScheduledAtomic<Int>(0)
    let start = Platform.monotonicNanos()
    for _ in 0..<ops { atomic.wrappingAdd(1, ordering: .sequentiallyConsistent) }
    let elapsed = Platform.monotonicNanos() - start
    ReferenceLoops.keep(UInt64(truncatingIfNeeded: atomic.load(ordering: .relaxed)))
    return Double(elapsed) / Double(ops)
  }
}
