import Dispatch
import Foundation
import StressPlatform
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine
@testable import StressKitModel

/// The GCD tutorial's `PhotoManager`: photos kept behind a concurrent queue, read with `sync`
/// and added with `async(flags: .barrier)`. The bug leaves the barrier out, so two adds (or an
/// add and a read) run side by side on the array.
final class PhotoManager: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "photos", attributes: .concurrent)
  private let unsafePhotos = Shared([Int](), name: "unsafePhotos")
  let barrier: Bool
  init(barrier: Bool) { self.barrier = barrier }

  var photos: [Int] { queue.sync { unsafePhotos.read() } }

  func addPhoto(_ photo: Int) {
    queue.async(flags: barrier ? .barrier : []) { [self] in
      unsafePhotos.modify { $0.append(photo) }
    }
  }
}

enum PhotoManagerModel: ModelTest {
  static let info = SubjectInfo(id: "test-photo-manager", summary: "", documented: .notListed)
  static func make() -> PhotoManager { PhotoManager(barrier: true) }
  static let operations: [ModelOperation<PhotoManager>] = [
    .write("addPhoto", 1..<3) { $0.addPhoto($1) },
    .read("photos") { $0.photos },
  ]
}

enum BarrierlessPhotoManagerModel: ModelTest {
  static let info = SubjectInfo(
    id: "test-photo-manager-no-barrier", summary: "", documented: .notListed)
  static func make() -> PhotoManager { PhotoManager(barrier: false) }
  static let operations = PhotoManagerModel.operations
}

/// A count added to by blocks on a concurrent queue and read there with `sync`: a read may
/// start before a block submitted earlier (no barrier orders them), so it is linearizable only
/// if an add takes effect when its block has run, not when `add` returns.
final class QueuedCounter: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "counter", attributes: .concurrent)
  private let count = ScheduledAtomic<Int>(0, name: "count")

  func add() { queue.async { [self] in count.wrappingAdd(1, ordering: .relaxed) } }
  var value: Int { queue.sync { count.load(ordering: .relaxed) } }
}

enum QueuedCounterModel: ModelTest {
  static let info = SubjectInfo(id: "test-queued-counter", summary: "", documented: .notListed)
  static func make() -> QueuedCounter { QueuedCounter() }
  static let scenarios = ScenarioOptions(operationsPerThread: 2)
  static let operations: [ModelOperation<QueuedCounter>] = [
    .write("add") { $0.add() },
    .read("value") { $0.value },
  ]
}

/// `ScheduledQueue`'s `async`, barriers, concurrent queues and timers, and `ScheduledGroup`:
/// each asynchronous block a thread of the schedule, run when its queue lets it.
@Suite struct ScheduledQueueTests {
  @Test func thePhotoManagerWithItsBarrierPassesASearchAndWithoutItIsADataRace() {
    let fixed = PhotoManagerModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 5_000)
    #expect(fixed.passed && fixed.exhausted, "\(fixed.report)")
    for seed: UInt64 in 1...100 {
      let found = BarrierlessPhotoManagerModel.explore(schedules: 100, seed: seed)
      guard found.verdict == .dataRace,
        case .race(_, let first, let second)? = found.finding?.circumstance
      else {
        Issue.record("seed \(seed): \(found.report)")
        continue
      }
      // Both accesses are the blocks' (threads after the schedule's two), named by the
      // operation that submitted them.
      #expect(first.thread > 2 || second.thread > 2, "seed \(seed): \(first), \(second)")
      #expect(first.operation.hasPrefix("addPhoto") || first.operation.hasPrefix("photos"))
    }
  }

  @Test func anOperationThatHandsWorkToAQueueAnswersWhenItsBlocksHaveRun() {
    let searched = QueuedCounterModel.explore(
      strategy: .exhaustive(preemptions: 2), schedules: 5_000)
    #expect(searched.passed && searched.exhausted, "\(searched.report)")
    let walked = QueuedCounterModel.explore(schedules: 1_000)
    #expect(walked.passed, "\(walked.report)")
  }

  @Test func aSerialQueueRunsItsBlocksOneAtATimeInTheOrderSubmitted() throws {
    let seen = Seen()
    let schedules = try searchAll(2) {
      let queue = ScheduledQueue(label: "serial")
      let log = Shared([Int](), name: "log")
      seen.last = log
      let inside = ScheduledAtomic<Int>(0)
      func block(_ n: Int) -> @Sendable () -> Void {
        {
          if inside.wrappingAdd(1, ordering: .relaxed).newValue > 1 { seen.overlapped = true }
          log.modify { $0.append(n) }
          inside.wrappingSubtract(1, ordering: .relaxed)
        }
      }
      return [
        {
          queue.async(execute: block(1))
          queue.async(execute: block(2))
        },
        { queue.async(execute: block(3)) },
      ]
    } observe: { scheduler, failure in
      #expect(failure == nil && scheduler.causality.race == nil)
      seen.orders.insert(seen.last!.value)
    }
    #expect(schedules > 1)
    #expect(!seen.overlapped, "a serial queue ran two blocks at once")
    // Every schedule ran all three, 1 before 2; 3 anywhere among them.
    #expect(seen.orders == [[1, 2, 3], [1, 3, 2], [3, 1, 2]], "\(seen.orders)")
  }

  @Test func aConcurrentQueueRunsBlocksSideBySideButABarrierAlone() throws {
    let seen = Seen()
    _ = try searchAll(2) {
      let queue = ScheduledQueue(label: "concurrent", attributes: .concurrent)
      let inside = ScheduledAtomic<Int>(0)
      func block(barrier: Bool) -> @Sendable () -> Void {
        {
          let now = inside.wrappingAdd(1, ordering: .relaxed).newValue
          if now > 1 { barrier ? (seen.overlapped = true) : (seen.sideBySide = true) }
          inside.wrappingSubtract(1, ordering: .relaxed)
        }
      }
      return [
        {
          queue.async(execute: block(barrier: false))
          queue.async(flags: .barrier, execute: block(barrier: true))
        },
        {
          queue.async(execute: block(barrier: false))
          queue.sync(flags: .barrier) { _ = inside.load(ordering: .relaxed) }
        },
      ]
    } observe: { _, failure in
      #expect(failure == nil)
    }
    #expect(seen.sideBySide, "two plain blocks never ran at once")
    #expect(!seen.overlapped, "a barrier ran beside another block")
  }
}

/// What a search's schedules saw, kept across them.
final class Seen: @unchecked Sendable {
  var overlapped = false
  var sideBySide = false
  var last: Shared<[Int]>?
  var orders: Set<[Int]> = []
  var count = 0
}

/// Every schedule of `bodies` within `preemptions` preemptions: what `observe` saw after each.
func searchAll(
  _ threads: Int, preemptions: Int = 2, _ make: () -> [() -> Void],
  observe: (ControlledScheduler, ControlledScheduler.Failure?) -> Void
) throws -> Int {
  var scheduler = try ControlledScheduler(threads: threads)
  defer { scheduler.close() }
  let search = PreemptionBoundedSearch(bound: preemptions)
  var schedules = 0
  repeat {
    // A schedule that failed leaves its threads parked for good: the next gets new ones.
    if scheduler.broken {
      scheduler.close()
      scheduler = try ControlledScheduler(threads: threads)
    }
    let failure = scheduler.run(make(), chooser: search, schedule: schedules, stuckAfter: 2)
    observe(scheduler, failure)
    schedules += 1
  } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
  return schedules
}

/// Points a review of the queue's and the group's states found.
@Suite struct ScheduledQueueEdgeTests {
  @Test func aSyncInsideABlockOfTheSameConcurrentQueueKeepsTheBarrierAlone() throws {
    var races = 0
    var finished = 0
    var deadlocks = 0
    _ = try searchAll(2) {
      let queue = ScheduledQueue(label: "q", attributes: .concurrent)
      let cell = Shared(0, name: "cell")
      return [
        {
          queue.async {
            queue.sync {}
            cell.write(1)
          }
        },
        { queue.async(flags: .barrier) { cell.write(2) } },
      ]
    } observe: { scheduler, failure in
      // With the barrier submitted first, the inner sync waits behind it, and the barrier for
      // the block that called it: GCD's own deadlock, reported as one.
      switch failure {
      case nil: finished += 1
      case .deadlock?: deadlocks += 1
      default: Issue.record("\(String(describing: failure))")
      }
      if scheduler.causality.race != nil { races += 1 }
    }
    #expect(finished > 0 && deadlocks > 0, "\(finished) finished, \(deadlocks) deadlocked")
    #expect(races == 0, "the barrier ran beside a block: \(races) races")
  }

  @Test func aDeferredNotificationComesAfterWhatItsNotifierDidBefore() throws {
    var races = 0
    var deferred = 0
    _ = try searchAll(1, preemptions: 3) {
      let queue = ScheduledQueue(label: "q", attributes: .concurrent)
      let group = ScheduledGroup(name: "group")
      let cell = Shared(0, name: "cell")
      return [
        {
          group.enter()
          queue.async { group.leave() }
          cell.write(1)
          group.notify(queue: queue) { _ = cell.read() }
        }
      ]
    } observe: { scheduler, failure in
      #expect(failure == nil, "\(String(describing: failure))")
      if scheduler.causality.race != nil { races += 1 }
      // The notification waited for the leave in some schedules: its block came from there.
      let notified = scheduler.trace.steps.firstIndex {
        scheduler.trace.spell($0.action) == "notify(group)"
      }
      let left = scheduler.trace.steps.firstIndex {
        scheduler.trace.spell($0.action) == "leave(group)"
      }
      if let notified, let left, notified < left { deferred += 1 }
    }
    #expect(deferred > 0, "no schedule deferred the notification")
    #expect(races == 0, "\(races) schedules called the notifier's own write a race")
  }

  @Test func aFinishedBlocksPlaceIsTakenAgainOnceItIsOrderedBefore() throws {
    let scheduler = try ControlledScheduler(threads: 1)
    defer { scheduler.close() }
    let queue = ScheduledQueue(label: "q")
    let group = ScheduledGroup()
    let count = Shared(0, name: "count")
    let failure = scheduler.run(
      [
        {
          for _ in 0..<40 {
            queue.async(group: group) { count.modify { $0 += 1 } }
            group.wait()
          }
        }
      ], chooser: RandomWalk(seed: 1), schedule: 0, stuckAfter: 2)
    #expect(failure == nil, "\(String(describing: failure))")
    #expect(scheduler.causality.race == nil && count.value == 40)
  }

  @Test func pctGivesANewBlockAnyRankAfterAThreadWasLowered() {
    var top = 0
    let seeds: ClosedRange<UInt64> = 1...600
    for seed in seeds {
      let pct = PCTChooser(depth: 2, seed: seed)
      _ = pct.finish(choices: 1)  // one choice a schedule: the change point is the first
      pct.start(schedule: 0, threads: 3)
      _ = pct.choose([0, 1, 2], current: 0)  // lowers thread 0
      pct.added(3)
      if pct.choose([1, 2, 3], current: nil) == 3 { top += 1 }
    }
    // Three ranks among the two threads not lowered: the top one in about a third of seeds.
    let share = Double(top) / Double(seeds.count)
    #expect(share > 0.25 && share < 0.42, "a new block ran first in \(top) of \(seeds.count)")
  }
}
