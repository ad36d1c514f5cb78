import Foundation
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitModel

// MARK: - Types as Swift 6 code writes them, each with a bug and its fix

/// Stock kept in a mutex, reserved by checking, then taking, in two sections: two
/// reservations that each fit both succeed, and the stock goes below zero.
final class MutexStock: @unchecked Sendable {
  let items = ScheduledMutex(2)
  let oneSection: Bool
  init(oneSection: Bool) { self.oneSection = oneSection }

  func reserve(_ n: Int) -> Bool {
    if oneSection {
      return items.withLock { stock in
        guard stock >= n else { return false }
        stock -= n
        return true
      }
    }
    guard items.withLock({ $0 }) >= n else { return false }
    items.withLock { $0 -= n }
    return true
  }

  var left: Int { items.withLock { $0 } }
}

/// Tickets numbered by an atomic: a load, then a store of one more, hands the same number
/// twice; a wrapping add never does.
final class AtomicTickets: @unchecked Sendable {
  let next = ScheduledAtomic<Int>(0)
  let issued = ScheduledAtomic<Bool>(false)
  let oneStep: Bool
  init(oneStep: Bool) { self.oneStep = oneStep }

  func take() -> Int {
    issued.store(true, ordering: .releasing)
    if oneStep { return next.wrappingAdd(1, ordering: .relaxed).oldValue }
    let number = next.load(ordering: .relaxed)
    next.store(number + 1, ordering: .relaxed)
    return number
  }
}

enum MutexStockModel: ModelTest {
  static let info = SubjectInfo(id: "test-mutex-stock", summary: "", documented: .notListed)
  static func make() -> MutexStock { MutexStock(oneSection: false) }
  static let operations: [ModelOperation<MutexStock>] = [
    .write("reserve", [1, 2]) { $0.reserve($1) }, .read("left") { $0.left },
  ]
}

enum FixedMutexStockModel: ModelTest {
  static let info = SubjectInfo(id: "test-mutex-stock-fixed", summary: "", documented: .notListed)
  static func make() -> MutexStock { MutexStock(oneSection: true) }
  static let operations = MutexStockModel.operations
}

enum AtomicTicketsModel: ModelTest {
  static let info = SubjectInfo(id: "test-atomic-tickets", summary: "", documented: .notListed)
  static func make() -> AtomicTickets { AtomicTickets(oneStep: false) }
  static let operations: [ModelOperation<AtomicTickets>] = [.write("take") { $0.take() }]
}

enum FixedAtomicTicketsModel: ModelTest {
  static let info = SubjectInfo(
    id: "test-atomic-tickets-fixed", summary: "", documented: .notListed)
  static func make() -> AtomicTickets { AtomicTickets(oneStep: true) }
  static let operations = AtomicTicketsModel.operations
}

/// `ScheduledMutex` and `ScheduledAtomic`, the stand-ins with `Synchronization`'s shapes: plain
/// primitives outside a run, and under the scheduler points that find their types' bugs.
@Suite struct ScheduledStandInsTests {
  @Test func eachBugIsFoundWithin100SchedulesForEverySeedAndEachFixPassesASearch() {
    for seed: UInt64 in 1...100 {
      for result in [
        MutexStockModel.explore(schedules: 100, seed: seed),
        AtomicTicketsModel.explore(schedules: 100, seed: seed),
      ] {
        #expect(result.verdict == .notLinearizable, "seed \(seed): \(result.report)")
      }
    }
    for result in [
      FixedMutexStockModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000),
      FixedAtomicTicketsModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000),
    ] {
      #expect(result.passed && result.exhausted, "\(result.report)")
    }
  }

  /// The trace names each access as the type made it, and the finding replays.
  @Test func aFailureShowsEachAccessAndReplays() throws {
    let stock = MutexStockModel.explore(strategy: .pct(depth: 2), schedules: 500, seed: 2)
    let mutexSteps = try #require(stock.finding?.interleaving)
    #expect(mutexSteps.contains { $0.action == "lock(mutex 1)" && $0.primitive == "mutex 1" })
    #expect(mutexSteps.contains { $0.action == "unlock(mutex 1)" })
    let tickets = AtomicTicketsModel.explore(schedules: 100, seed: 1)
    let steps = try #require(tickets.finding?.interleaving).map(\.action)
    #expect(steps.contains("atomic 1.store(true)"), "\(steps)")
    #expect(steps.contains { $0.hasPrefix("atomic 2.load() -> ") }, "\(steps)")
    #expect(steps.contains { $0.hasPrefix("atomic 2.store(") }, "\(steps)")
    let again = AtomicTicketsModel.explore(strategy: .replay(try #require(tickets.replay)))
    #expect(again.finding?.interleaving == tickets.finding?.interleaving)
    // A wrapping add is one step, with the value it found.
    let fixed = FixedAtomicTicketsModel.explore(strategy: .exhaustive(preemptions: 0))
    #expect(fixed.passed, "\(fixed.report)")
  }

  /// Every schedule of a holder and a try, with up to two preemptions: the try answers nil
  /// only where the holder is inside, and never waits.
  @Test func aMutexTriedWhileHeldAnswersNilUnderTheScheduler() throws {
    let scheduler = try ControlledScheduler(threads: 2)
    defer { scheduler.close() }
    let search = PreemptionBoundedSearch(bound: 2)
    var answers: Set<Int?> = []
    var spelled: Set<String> = []
    var schedules = 0
    repeat {
      let mutex = ScheduledMutex(0, name: "m")
      // A point inside the holder's section, where the other thread may run.
      let inside = ScheduledAtomic<Int>(0, name: "inside")
      let tried = Mutex<Int??>(nil)
      let failure = scheduler.run(
        [
          {
            mutex.withLock { value in
              value += 1
              _ = inside.load(ordering: .relaxed)
            }
          },
          {
            let answer = mutex.withLockIfAvailable { $0 }
            tried.withLock { $0 = .some(answer) }
          },
        ], chooser: search, schedule: schedules, stuckAfter: 2)
      #expect(failure == nil, "schedule \(schedules): \(String(describing: failure))")
      if let answer = tried.withLock({ $0 }) { answers.insert(answer) }
      for step in scheduler.trace.steps { spelled.insert(scheduler.trace.spell(step.action)) }
      schedules += 1
    } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
    #expect(answers == [nil, 0, 1], "\(answers)")
    #expect(spelled.contains("m.tryLock() -> false") && spelled.contains("lock(m)"), "\(spelled)")
  }

  @Test func outsideARunTheStandInsAreThePrimitivesTheyStandFor() {
    let mutex = ScheduledMutex([1, 2])
    #expect(
      mutex.withLock {
        $0.append(3)
        return $0.count
      } == 3)
    #expect(mutex.withLockIfAvailable { $0 } == [1, 2, 3])
    let counter = ScheduledAtomic<UInt8>(250)
    #expect(counter.wrappingAdd(10, ordering: .relaxed) == (250, 4))
    #expect(counter.wrappingSubtract(5, ordering: .acquiringAndReleasing) == (4, 255))
    #expect(counter.exchange(7, ordering: .sequentiallyConsistent) == 255)
    #expect(counter.compareExchange(expected: 7, desired: 9, ordering: .relaxed) == (true, 7))
    #expect(counter.weakCompareExchange(expected: 1, desired: 2, ordering: .relaxed) == (false, 9))
    let flag = ScheduledAtomic<Bool>(false)
    flag.store(true, ordering: .releasing)
    #expect(flag.load(ordering: .acquiring))
    // From many threads at once, a wrapping add loses nothing.
    let shared = ScheduledAtomic<Int64>(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<10_000 { shared.wrappingAdd(1, ordering: .relaxed) }
    }
    #expect(shared.load(ordering: .relaxed) == 40_000)
  }
}
