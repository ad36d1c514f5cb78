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

  /// Schedules a second that the controlled scheduler runs and checks: a lock-based counter,
  /// 2 threads x 3 calls, random walk; the median of `repeats` runs of `schedules`.
  package func schedulesPerSecond(schedules: Int = 2_000) -> Double {
    var rates: [Double] = []
    for k in 0..<repeats {
      let start = Platform.monotonicNanos()
      let result = Exploration<ScheduledCounterTest>.run(
        strategy: .randomWalk, threads: 2, schedules: schedules, seed: UInt64(k + 1),
        stuckAfter: 2)
      let seconds = Double(Platform.monotonicNanos() - start) / 1e9
      rates.append(Double(result.schedules) / seconds)
    }
    return Percentiles(rates)!.p50
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
