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

/// `ScheduledGroup` and `asyncAfter` under the scheduler.
@Suite struct ScheduledGroupTests {
  @Test func aGroupsWaitAndNotifyComeAfterItsWorkAndWithoutAWaitItIsARace() throws {
    for waits in [true, false] {
      var races = 0
      let notified = Seen()
      let schedules = try searchAll(1) {
        let queue = ScheduledQueue(label: "work", attributes: .concurrent)
        let group = ScheduledGroup(name: "group")
        let cells = [Shared(0, name: "a"), Shared(0, name: "b")]
        return [
          {
            for cell in cells { queue.async(group: group) { cell.write(1) } }
            group.notify(queue: queue) {
              if cells.allSatisfy({ $0.read() == 1 }) { notified.count += 1 }
            }
            if waits { group.wait() }
            _ = cells[0].read()
          }
        ]
      } observe: { scheduler, failure in
        #expect(failure == nil, "\(String(describing: failure))")
        if scheduler.causality.race != nil { races += 1 }
      }
      #expect(notified.count == schedules, "the notification ran after both blocks every time")
      #expect(waits ? races == 0 : races > 0, "waits: \(waits), \(races) of \(schedules)")
    }
  }

  @Test func aWaitNoOneEndsIsADeadlockAndATimedOneTimesOutOnVirtualTime() throws {
    let scheduler = try ControlledScheduler(threads: 1)
    defer { scheduler.close() }
    let group = ScheduledGroup()
    let stuck = scheduler.run(
      [
        {
          group.enter()
          group.wait()
        }
      ], chooser: RandomWalk(seed: 1), schedule: 0, stuckAfter: 2)
    guard case .deadlock(let blocked) = stuck else {
      Issue.record("\(String(describing: stuck))")
      return
    }
    #expect(blocked.first?.wait == ControlledWait(until: "the group's work to end"))
    let timed = try ControlledScheduler(threads: 1)
    defer { timed.close() }
    let other = ScheduledGroup()
    let result = Seen()
    let failure = timed.run(
      [
        {
          other.enter()
          result.sideBySide = other.wait(timeout: .now() + 3_600) == .timedOut
          other.leave()
        }
      ], chooser: RandomWalk(seed: 1), schedule: 0, stuckAfter: 2)
    #expect(failure == nil && result.sideBySide, "virtual time: no hour is waited")
  }

  @Test func timersFireOnVirtualTimeNeverBeforeOneDueEarlier() throws {
    let seen = Seen()
    let started = Date()
    let schedules = try searchAll(2) {
      let queue = ScheduledQueue(label: "timers")
      let log = Shared([Int](), name: "log")
      seen.last = log
      return [
        {
          queue.asyncAfter(deadline: .now() + 3_600) { log.modify { $0.append(1) } }
          queue.asyncAfter(deadline: .now() + 7_200) { log.modify { $0.append(2) } }
        },
        { queue.async { log.modify { $0.append(0) } } },
      ]
    } observe: { _, failure in
      #expect(failure == nil)
      seen.orders.insert(seen.last!.value)
    }
    #expect(Date().timeIntervalSince(started) < 600, "hours of deadlines took real time")
    #expect(schedules > 1)
    // A timer may fire at any point after its submit, but never before one due earlier: the
    // hour's before the two hours'; the plain block anywhere among them.
    #expect(seen.orders == [[0, 1, 2], [1, 0, 2], [1, 2, 0]], "\(seen.orders)")
  }

  @Test func outsideARunTheyAreThePlainQueueAndGroup() {
    let queue = ScheduledQueue(label: "plain", attributes: .concurrent)
    let group = ScheduledGroup()
    let count = Atomic<Int>(0)
    for _ in 0..<4 { queue.async(group: group) { count.add(1, ordering: .relaxed) } }
    group.wait()
    #expect(count.load(ordering: .relaxed) == 4)
    #expect(queue.sync(flags: .barrier) { 5 } == 5)
    let notified = DispatchSemaphore(value: 0)
    group.notify(queue: queue) { notified.signal() }
    notified.wait()
    group.enter()
    #expect(group.wait(timeout: .now() + 0.01) == .timedOut)
    group.leave()
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

/// Under stress, on real queues: a call's blocks are counted until they end, and the checker
/// reads the call as answered then.
@Suite struct SettledBlocksTests {
  @Test func underStressACallThatHandsWorkToAQueueAnswersWhenItsBlocksHaveRun() {
    for seed: UInt64 in 1...3 {
      let spec = TrialSpec(
        subject: "test-queued-counter", wrapper: "unprotected", threads: 2, readRatio: 0.5,
        bound: .ops(2_000), seed: seed)
      let trial = ModelTrial<QueuedCounterModel>.run(
        spec, Unprotected.self, power: nil, milestone: { _ in })
      #expect(trial.result.outcome == .ok, "seed \(seed): \(trial.result)")
    }
  }

  @Test func aSettlementWaitsForNestedBlocksAndTimesEachCall() {
    let settlement = BlockSettlement()
    let queue = ScheduledQueue(label: "settle")
    let other = ScheduledQueue(label: "other")
    let ran = Atomic<Int>(0)
    let before = Platform.monotonicNanos()
    settlement.run(call: 7) {
      queue.async {
        Thread.sleep(forTimeInterval: 0.01)
        other.async { ran.add(1, ordering: .relaxed) }
      }
    }
    settlement.run(call: 8) {}
    let ends = settlement.settle()
    #expect(ran.load(ordering: .relaxed) == 1, "the nested block ran before settle returned")
    #expect(ends.keys.sorted() == [7], "\(ends)")
    #expect((ends[7] ?? 0) >= before + 10_000_000)
    // Outside any settlement, a block is the queue's alone.
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    done.wait()
  }
}

/// Every schedule of `bodies` within `preemptions` preemptions: what `observe` saw after each.
func searchAll(
  _ threads: Int, preemptions: Int = 2, _ make: () -> [() -> Void],
  observe: (ControlledScheduler, ControlledScheduler.Failure?) -> Void
) throws -> Int {
  let scheduler = try ControlledScheduler(threads: threads)
  defer { scheduler.close() }
  let search = PreemptionBoundedSearch(bound: preemptions)
  var schedules = 0
  repeat {
    let failure = scheduler.run(make(), chooser: search, schedule: schedules, stuckAfter: 2)
    observe(scheduler, failure)
    schedules += 1
  } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
  return schedules
}

/// A value set later on a serial queue, on a five-minute timer, and read there.
final class LateValue: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "late")
  private let value = Shared(0, name: "value")

  func set(_ x: Int) {
    queue.asyncAfter(deadline: .now() + 300) { [self] in value.write(x) }
  }
  var current: Int { queue.sync { value.read() } }
}

enum LateValueModel: ModelTest {
  static let info = SubjectInfo(id: "test-late-value", summary: "", documented: .notListed)
  static func make() -> LateValue { LateValue() }
  static let operations: [ModelOperation<LateValue>] = [
    .write("set", [1, 2]) { $0.set($1) },
    .read("current") { $0.current },
  ]
  static let scenarios = ScenarioOptions(operationsPerThread: 2)
}

@Suite struct VirtualTimersTests {
  @Test func timersInTheExplorersOwnPartsAndTheSpecificationTakeNoRealTime() {
    // The initial and post parts, the one-thread check and the specification run on real
    // queues: their five-minute timers fire at once, on virtual time, as the threads' do.
    let started = Date()
    let result = LateValueModel.explore(schedules: 200)
    #expect(result.passed, "\(result.report)")
    #expect(Date().timeIntervalSince(started) < 120, "a timer waited for its deadline")
  }
}
