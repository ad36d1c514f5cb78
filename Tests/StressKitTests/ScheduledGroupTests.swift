import Dispatch
import Foundation
import StressPlatform
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine
@testable import StressKitModel

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
