import Foundation
import Testing

@testable import StressKit
@testable import StressKitModel

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
}
