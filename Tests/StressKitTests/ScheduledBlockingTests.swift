import Dispatch
import Foundation
import Testing

@testable import StressKit
@testable import StressKitModel

/// A cache read under a reader-writer lock's read side and filled under its write side. The
/// bug: it checks under the read lock, then fills under the write lock, so two misses both
/// fill. The fix checks again under the write lock.
final class ReadWriteCache: @unchecked Sendable {
  let lock = ScheduledReadWriteLock(name: "rw")
  let storage = Shared([Int: Int](), name: "storage")
  let made = Shared(0, name: "made")
  let checksAgain: Bool
  init(checksAgain: Bool) { self.checksAgain = checksAgain }

  func value(_ key: Int) -> Int {
    if let cached = lock.withReadLock({ storage.read()[key] }) { return cached }
    return lock.withWriteLock {
      if checksAgain, let cached = storage.read()[key] { return cached }
      let value = made.modify {
        $0 += 1
        return $0
      }
      storage.modify { $0[key] = value }
      return value
    }
  }
}

enum ReadWriteCacheModel: ModelTest {
  static let info = SubjectInfo(id: "test-rw-cache", summary: "", documented: .notListed)
  static func make() -> ReadWriteCache { ReadWriteCache(checksAgain: false) }
  static let operations: [ModelOperation<ReadWriteCache>] = [
    .write("value", 0..<2) { $0.value($1) }
  ]
}

enum FixedReadWriteCacheModel: ModelTest {
  static let info = SubjectInfo(id: "test-rw-cache-fixed", summary: "", documented: .notListed)
  static func make() -> ReadWriteCache { ReadWriteCache(checksAgain: true) }
  static let operations = ReadWriteCacheModel.operations
}

/// A count behind a semaphore used as a lock: of one permit (correct) or two (two threads in
/// at once, a data race on the count).
final class PermitCounter: @unchecked Sendable {
  let permits: ScheduledSemaphore
  let count = Shared(0, name: "count")
  init(permits: Int) { self.permits = ScheduledSemaphore(value: permits, name: "permits") }

  func increment() -> Int {
    permits.wait()
    defer { permits.signal() }
    return count.modify {
      $0 += 1
      return $0
    }
  }
}

enum OnePermitModel: ModelTest {
  static let info = SubjectInfo(id: "test-one-permit", summary: "", documented: .notListed)
  static func make() -> PermitCounter { PermitCounter(permits: 1) }
  static let operations: [ModelOperation<PermitCounter>] = [
    .write("increment") { $0.increment() }
  ]
}

enum TwoPermitsModel: ModelTest {
  static let info = SubjectInfo(id: "test-two-permits", summary: "", documented: .notListed)
  static func make() -> PermitCounter { PermitCounter(permits: 2) }
  static let operations = OnePermitModel.operations
}

/// `ScheduledReadWriteLock` and `ScheduledSemaphore`: the blocking stand-ins, plain outside a
/// run, and under the scheduler points whose waits and hand-offs are explored.
@Suite struct ScheduledBlockingTests {
  @Test func aReadWriteCacheThatChecksOnceIsFoundAndItsFixPassesASearch() {
    for seed: UInt64 in 1...20 {
      let found = ReadWriteCacheModel.explore(schedules: 200, seed: seed)
      #expect(found.verdict == .notLinearizable, "seed \(seed): \(found.report)")
    }
    let fixed = FixedReadWriteCacheModel.explore(
      strategy: .exhaustive(preemptions: 2), schedules: 2_000)
    #expect(fixed.passed && fixed.exhausted, "\(fixed.report)")
  }

  @Test func readersShareTheLockAndAWriterWaitsForThem() throws {
    let scheduler = try ControlledScheduler(threads: 2)
    defer { scheduler.close() }
    let search = PreemptionBoundedSearch(bound: 2)
    var spelled: Set<String> = []
    var schedules = 0
    var bothInside = false
    repeat {
      let lock = ScheduledReadWriteLock(name: "rw")
      let inside = ScheduledAtomic<Int>(0, name: "inside")
      let failure = scheduler.run(
        [
          {
            lock.withReadLock {
              if inside.wrappingAdd(1, ordering: .relaxed).newValue == 2 { bothInside = true }
              inside.wrappingSubtract(1, ordering: .relaxed)
            }
          },
          {
            lock.withReadLock {
              if inside.wrappingAdd(1, ordering: .relaxed).newValue == 2 { bothInside = true }
              inside.wrappingSubtract(1, ordering: .relaxed)
            }
          },
        ], chooser: search, schedule: schedules, stuckAfter: 2)
      #expect(failure == nil)
      for step in scheduler.trace.steps { spelled.insert(scheduler.trace.spell(step.action)) }
      schedules += 1
    } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
    #expect(bothInside, "two readers were never inside at once in \(schedules) schedules")
    #expect(spelled.isSuperset(of: ["readLock(rw)", "unlock(rw)"]), "\(spelled)")
    // A reader that takes the write lock too waits for itself: a deadlock that names it.
    let upgrade = try ControlledScheduler(threads: 1)
    defer { upgrade.close() }
    let lock = ScheduledReadWriteLock(name: "rw")
    let failure = upgrade.run(
      [{ lock.withReadLock { lock.withWriteLock {} } }], chooser: RandomWalk(seed: 1),
      schedule: 0, stuckAfter: 2)
    guard case .deadlock(let blocked) = failure else {
      Issue.record("\(String(describing: failure))")
      return
    }
    #expect(blocked.count == 1 && blocked[0].holds == [0] && blocked[0].waitsAt == 0)
  }

  @Test func aSemaphoreOfOnePermitExcludesAndOfTwoLetsARaceIn() throws {
    let one = OnePermitModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000)
    #expect(one.passed && one.exhausted, "\(one.report)")
    let two = TwoPermitsModel.explore(schedules: 100)
    #expect(two.verdict == .dataRace, "\(two.report)")
    // A wait no one signals is a deadlock on "a signal"; a timed one times out instead.
    let scheduler = try ControlledScheduler(threads: 1)
    defer { scheduler.close() }
    let empty = ScheduledSemaphore(value: 0)
    let stuck = scheduler.run(
      [{ empty.wait() }], chooser: RandomWalk(seed: 1), schedule: 0, stuckAfter: 2)
    guard case .deadlock(let blocked) = stuck else {
      Issue.record("\(String(describing: stuck))")
      return
    }
    #expect(blocked.first?.wait == ControlledWait(until: "a signal"))
    let timed = try ControlledScheduler(threads: 1)
    defer { timed.close() }
    var result: DispatchTimeoutResult?
    let semaphore = ScheduledSemaphore(value: 0)
    let failure = timed.run(
      [{ result = semaphore.wait(timeout: .now() + 3_600) }], chooser: RandomWalk(seed: 1),
      schedule: 0, stuckAfter: 2)
    #expect(failure == nil && result == .timedOut, "virtual time: no hour is waited")
  }

  @Test func outsideARunTheyAreThePlainPrimitives() {
    let lock = ScheduledReadWriteLock()
    #expect(lock.withReadLock { lock.withReadLock { 1 } } == 1)
    #expect(lock.withWriteLock { 2 } == 2)
    let semaphore = ScheduledSemaphore(value: 1)
    semaphore.wait()
    #expect(semaphore.wait(timeout: .now() + 0.01) == .timedOut)
    semaphore.signal()
    #expect(semaphore.wait(timeout: .now()) == .success)
    // As a DispatchSemaphore, it must hold its first value again before it goes.
    semaphore.signal()
  }
}
