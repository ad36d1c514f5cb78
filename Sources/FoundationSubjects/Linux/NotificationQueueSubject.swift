import Foundation
import StressKit
import Synchronization

/// One `NotificationQueue` shared by every thread (the Summary lists it as unsafe; each
/// thread has its own `default`): writes enqueue a notification carrying their token, posted
/// at once (`.now`) to a private `NotificationCenter`, whose observer keeps the tokens it
/// receives; or first enqueue a scratch notification to be posted when idle, and take it back
/// with `dequeueNotifications(matching:coalesceMask:)` (or two, which coalesce by name and
/// sender as they are enqueued, before taking them back), so that the queue's pending list
/// changes under other threads. No thread runs its run loop, so nothing posts a scratch one
/// that a write did not take back. Every token must arrive exactly once, and no scratch one.
package final class NotificationQueueSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case now = "enqueue(_:postingStyle: .now, coalesceMask: [], forModes: nil)"
    case dequeue =
      "enqueue(_:postingStyle: .whenIdle, coalesceMask: .onName, forModes: nil) of a scratch one, dequeueNotifications(matching:coalesceMask: .onName), then the .now one"
    case coalesce =
      "enqueue of two scratch ones .whenIdle, coalesceMask [.onName, .onSender], dequeueNotifications(matching:coalesceMask:), then the .now one"
  }

  package static let info = SubjectInfo(
    id: "notificationqueue",
    summary: "a shared NotificationQueue: enqueue .now, enqueue .whenIdle and dequeue",
    documented: .unsafe, sendable: Sendability.of(NotificationQueue.self), defaultReadRatio: 0,
    calls: Write.allCases.map(\.rawValue),
    leavesOut: ".asap posting and delivery from a running run loop: needs a run loop the trial "
      + "does not run; NotificationQueue.default: each thread has its own, so threads never share "
      + "one")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  static let scratch = Notification.Name("stress.notificationqueue.scratch")
  static let name = Notification.Name("stress.notificationqueue")
  private let center = NotificationCenter()
  private let queue: NotificationQueue
  /// The observer's record, shared with its block.
  final class Received: Sendable {
    let tokens = Mutex([Int]())
  }
  private let received = Received()
  private var observer: (any NSObjectProtocol)?

  package init(shape: TrialShape) {
    queue = NotificationQueue(notificationCenter: center)
    let received = self.received
    // Every name: a scratch notification posted would show as a token no write made.
    observer = center.addObserver(forName: nil, object: nil, queue: nil) { note in
      if let token = (note.object as? NSNumber)?.intValue {
        received.tokens.withLock { $0.append(token) }
      }
    }
  }

  deinit {
    if let observer { center.removeObserver(observer) }
  }

  package func write(_ step: Step) {
    let pending = Notification(name: Self.scratch, object: NSNumber(value: -step.token))
    switch Self.writes[step] {
    case .dequeue:
      queue.enqueue(pending, postingStyle: .whenIdle, coalesceMask: .onName, forModes: nil)
      queue.dequeueNotifications(matching: pending, coalesceMask: .onName)
    case .coalesce:
      for _ in 0..<2 {
        queue.enqueue(
          pending, postingStyle: .whenIdle, coalesceMask: [.onName, .onSender], forModes: nil)
      }
      queue.dequeueNotifications(matching: pending, coalesceMask: [.onName, .onSender])
    case .now: break
    }
    queue.enqueue(
      Notification(name: Self.name, object: NSNumber(value: step.token)), postingStyle: .now,
      coalesceMask: [], forModes: nil)
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(received.tokens.withLock { $0 }, writesPerThread: writesPerThread)
  }
}
