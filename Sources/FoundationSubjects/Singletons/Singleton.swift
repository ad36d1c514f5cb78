import StressKit
import Synchronization

/// The object a singleton pattern hands out; `id` tells instances apart, so a check can see
/// whether two threads were handed different ones.
final class Singleton: Sendable {
  let id: Int

  init(id: Int) {
    self.id = id
  }
}

/// What the threads of one trial saw, slot by slot: a row per thread, written only by that
/// thread, so the bookkeeping itself does not race. Each slot is a fresh singleton: the
/// fresh-state race (two threads both seeing "not created yet") happens once per slot, many
/// times per trial, as in jcstress, rather than once per process.
final class SingletonLedger: @unchecked Sendable {
  let slots: Int
  private let threads: Int
  private let seen: UnsafeMutablePointer<Int>
  private let created = Atomic<Int>(0)

  /// One slot per operation of a thread, capped so the ledger stays under 4M entries.
  init(shape: TrialShape) {
    threads = shape.threads
    slots = max(1, min(shape.opsPerThread ?? 4096, 1 << 16, (1 << 22) / max(1, shape.threads)))
    seen = .allocate(capacity: threads * slots)
    seen.initialize(repeating: 0, count: threads * slots)
  }

  deinit {
    seen.deallocate()
  }

  /// A new instance with a fresh id; every call counts as a creation.
  func create() -> Singleton {
    Singleton(id: created.add(1, ordering: .relaxed).newValue)
  }

  func record(thread: Int, slot: Int, _ instance: Singleton) {
    seen[thread * slots + slot] = instance.id
  }

  /// One instance per slot any thread reached, and every thread saw that one.
  func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let reached = min(slots, writesPerThread.max() ?? 0)
    let extra = created.load(ordering: .relaxed) - reached
    violations.add(
      count: abs(extra), "\(extra + reached) instances created for \(reached) singletons")
    for slot in 0..<reached {
      let ids = Set(
        (0..<threads).filter { writesPerThread[$0] > slot }.map { seen[$0 * slots + slot] })
      if ids.count > 1 {
        violations.add("threads were handed \(ids.count) different instances of singleton \(slot)")
      }
    }
    return violations
  }
}
