import Foundation
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitModel
@testable import StressPlatform

/// A primitive used against its rules is named as such under the controlled scheduler (issue
/// 50, a smaller point), not left to surface as a history no order explains, or a deadlock.
@Suite struct MisuseTests {
  func failure(_ threads: Int, _ bodies: [() -> Void]) throws -> ControlledScheduler.Failure? {
    let scheduler = try ControlledScheduler(threads: threads)
    defer { scheduler.close() }
    return scheduler.run(bodies, chooser: RandomWalk(seed: 1), schedule: 0, stuckAfter: 2)
  }

  @Test func unlockingALockAnotherThreadHoldsOrNoneHoldsIsNamed() throws {
    var seen: Set<String> = []
    for seed: UInt64 in 1...20 {
      let scheduler = try ControlledScheduler(threads: 2)
      defer { scheduler.close() }
      let lock = ScheduledLock(name: "lock")
      let failure = scheduler.run(
        [{ lock.lock() }, { lock.unlock() }], chooser: RandomWalk(seed: seed), schedule: 0,
        stuckAfter: 2)
      guard case .misuse(let thread, _, let primitive, let what)? = failure else {
        Issue.record("seed \(seed): \(String(describing: failure))")
        continue
      }
      #expect(thread == 1 && scheduler.trace.label(primitive) == "lock")
      seen.insert(what)
    }
    #expect(
      seen == ["unlocks it while thread 1 holds it", "unlocks it while no thread holds it"],
      "\(seen)")
  }

  @Test func waitingOnAConditionWithoutItsLockIsNamed() throws {
    let condition = ScheduledCondition()
    let failure = try failure(1, [{ condition.wait() }])
    guard case .misuse(_, _, _, let what)? = failure else {
      Issue.record("\(String(describing: failure))")
      return
    }
    #expect(what == "waits on it without holding its lock")
  }

  /// A scheduled primitive that a thread outside the schedule uses while the schedule holds
  /// it (a thread the test started itself) is named, whichever primitive it is (issue 50,
  /// point 5): under the scheduler it neither excludes nor orders that thread.
  @Test(arguments: ["lock", "mutex", "atomic", "semaphore", "cell"])
  func aPrimitiveUsedFromAThreadOutsideTheScheduleIsNamed(kind: String) throws {
    let lock = ScheduledLock(name: "lock")
    let mutex = ScheduledMutex(0, name: "mutex")
    let atomic = ScheduledAtomic<Int>(0, name: "atomic")
    let semaphore = ScheduledSemaphore(value: 1, name: "semaphore")
    let cell = Shared(0, name: "cell")
    let use: @Sendable () -> Void =
      switch kind {
      case "lock":
        {
          lock.lock()
          lock.unlock()
        }
      case "mutex": { mutex.withLock { $0 += 1 } }
      case "atomic": { _ = atomic.wrappingAdd(1, ordering: .relaxed) }
      case "semaphore":
        {
          semaphore.wait()
          _ = semaphore.signal()
        }
      default: { cell.modify { $0 += 1 } }
      }
    // The controlled thread uses the primitive first (so the schedule holds it), then a
    // thread of its own uses it and is waited for, plainly.
    let failure = try failure(
      1,
      [
        {
          use()
          let done = Atomic<Bool>(false)
          if Platform.startThread({
            use()
            done.store(true, ordering: .releasing)
          }) == nil {
            while !done.load(ordering: .acquiring) { Platform.yield() }
          }
        }
      ])
    guard case .misuse(let thread, _, _, let what)? = failure else {
      Issue.record("\(kind): \(String(describing: failure))")
      return
    }
    #expect(thread == -1 && what == ControlledScheduler.outsideWords, "\(kind)")
  }

  /// Another exploration's thread using primitives of its own is not blamed on a schedule
  /// that never used them: explorations run side by side in one process.
  @Test func aThreadOutsideUsingItsOwnPrimitivesIsNoneOfAScheduleS() throws {
    let stop = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
    let own = ScheduledLock()
    #expect(
      Platform.startThread {
        while !stop.load(ordering: .relaxed) { own.withLock {} }
        done.store(true, ordering: .releasing)
      } == nil)
    let result = SelfTestScheduledAtomic.explore(schedules: 300)
    stop.store(true, ordering: .relaxed)
    while !done.load(ordering: .acquiring) { Platform.yield() }
    #expect(result.passed, "\(result.report)")
  }
}
