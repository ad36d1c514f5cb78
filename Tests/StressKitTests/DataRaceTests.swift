import Foundation
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitModel

/// A counter kept in a `Shared` cell, incremented under its lock; its `peek` skips the lock (the
/// bug), its `value` takes it (the fix).
final class PeekingCounter: @unchecked Sendable {
  let lock = ScheduledLock()
  let count = Shared(0, name: "count")

  func increment() -> Int {
    lock.withLock {
      count.modify {
        $0 += 1
        return $0
      }
    }
  }

  func peek() -> Int { count.read() }
  func value() -> Int { lock.withLock { count.read() } }
}

enum PeekingCounterModel: ModelTest {
  static let info = SubjectInfo(id: "test-peeking-counter", summary: "", documented: .notListed)
  static func make() -> PeekingCounter { PeekingCounter() }
  static let operations: [ModelOperation<PeekingCounter>] = [
    .write("increment") { $0.increment() }, .read("peek") { $0.peek() },
  ]
}

enum LockedCounterModel: ModelTest {
  static let info = SubjectInfo(id: "test-locked-counter", summary: "", documented: .notListed)
  static func make() -> PeekingCounter { PeekingCounter() }
  static let operations: [ModelOperation<PeekingCounter>] = [
    .write("increment") { $0.increment() }, .read("value") { $0.value() },
  ]
}

/// Data races by causality: accesses to a `Shared` cell checked against the happens-before
/// order of the scheduled primitives, reported whichever access ran first.
@Suite struct DataRaceTests {
  /// Every schedule (up to two preemptions) of `bodies`, made fresh for each: the races found.
  func races(_ bodies: () -> [() -> Void]) throws -> [Causality.Race?] {
    let scheduler = try ControlledScheduler(threads: 2)
    defer { scheduler.close() }
    let search = PreemptionBoundedSearch(bound: 2)
    var found: [Causality.Race?] = []
    repeat {
      let failure = scheduler.run(bodies(), chooser: search, schedule: found.count, stuckAfter: 2)
      #expect(failure == nil)
      found.append(scheduler.causality.race)
    } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
    return found
  }

  @Test func unorderedAccessesRaceInEveryScheduleWhicheverRanFirst() throws {
    let found = try races {
      let cell = Shared(0)
      return [{ cell.write(1) }, { _ = cell.read() }]
    }
    #expect(found.count >= 2 && found.allSatisfy { $0 != nil }, "\(found)")
    // Both orders: the write first, and the read first.
    let firsts = Set(found.compactMap { $0.map { [$0.first.thread, $0.first.writes ? 1 : 0] } })
    #expect(firsts == [[0, 1], [1, 0]], "\(firsts)")
    #expect(found.allSatisfy { $0?.first.writes == true || $0?.second.writes == true })
  }

  @Test func aLockAndAnAtomicFlagOrderTheirAccesses() throws {
    // Both under one lock: never a race.
    let locked = try races {
      let (lock, cell) = (ScheduledLock(), Shared(0))
      return [{ lock.withLock { cell.write(1) } }, { lock.withLock { _ = cell.read() } }]
    }
    #expect(locked.allSatisfy { $0 == nil }, "\(locked)")
    // Published by an atomic flag: a race only where the reader did not see the flag and read
    // anyway; read only after seeing it, never.
    for checksFlag in [true, false] {
      let published = try races {
        let (flag, cell) = (ScheduledAtomic<Bool>(false), Shared(0))
        return [
          {
            cell.write(1)
            flag.store(true, ordering: .releasing)
          },
          {
            if flag.load(ordering: .acquiring) || !checksFlag { _ = cell.read() }
          },
        ]
      }
      #expect(published.contains { $0 != nil } == !checksFlag, "\(checksFlag): \(published)")
    }
    // Two reads never race.
    let reads = try races {
      let cell = Shared(0)
      return [{ _ = cell.read() }, { _ = cell.read() }]
    }
    #expect(reads.allSatisfy { $0 == nil })
  }

  @Test func aModelTestsRaceIsAFindingOfItsOwnKindWithBothAccesses() throws {
    let result = PeekingCounterModel.explore(schedules: 100, seed: 1)
    #expect(result.verdict == .dataRace, "\(result.report)")
    let finding = try #require(result.finding)
    #expect(finding.kind == .dataRace && finding.replay == result.replay)
    guard case .race(let cell, let first, let second) = finding.circumstance else {
      Issue.record("\(result.report)")
      return
    }
    #expect(cell == "count" && first.thread != second.thread)
    #expect(Set([first.operation, second.operation]) == ["increment()", "peek()"])
    #expect(first.writes != second.writes && first.step < second.step)
    let steps = try #require(finding.interleaving)
    #expect(
      steps[first.step - 1].primitive == "count" && steps[second.step - 1].primitive == "count")
    #expect(result.report.hasPrefix("data race: schedule "))
    // It replays, and the fix, every access under the lock, passes a search.
    let again = PeekingCounterModel.explore(strategy: .replay(try #require(result.replay)))
    #expect(again.verdict == .dataRace && again.finding?.circumstance == finding.circumstance)
    let fixed = LockedCounterModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000)
    #expect(fixed.passed && fixed.exhausted, "\(fixed.report)")
    // Outside a run the cell is a plain variable.
    let counter = PeekingCounter()
    #expect(counter.increment() == 1 && counter.peek() == 1 && counter.value() == 1)
  }
}
