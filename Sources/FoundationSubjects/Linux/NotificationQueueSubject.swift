import Foundation
import StressKit
import Synchronization

/// One `NotificationQueue` shared by every thread (the Summary lists it as unsafe; each
/// thread has its own `default`): writes enqueue a notification carrying their token, posted
/// at once (`.now`) to a private `NotificationCenter`, whose observer keeps the tokens it
/// receives. Every token must arrive exactly once.
package final class NotificationQueueSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "notificationqueue", summary: "a shared NotificationQueue: enqueue(_:postingStyle: .now)",
    documented: .unsafe, sendable: Sendability.of(NotificationQueue.self), defaultReadRatio: 0,
    calls: [
      "enqueue(_:postingStyle: .now, coalesceMask: [], forModes: nil)"
    ],
    leavesOut:
      ".asap and .whenIdle posting, coalescing, dequeueNotifications(matching:coalesceMask:), NotificationQueue.default"
  )

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
    observer = center.addObserver(forName: Self.name, object: nil, queue: nil) { note in
      if let token = (note.object as? NSNumber)?.intValue {
        received.tokens.withLock { $0.append(token) }
      }
    }
  }

  deinit {
    if let observer { center.removeObserver(observer) }
  }

  package func write(_ step: Step) {
    queue.enqueue(
      Notification(name: Self.name, object: NSNumber(value: step.token)), postingStyle: .now,
      coalesceMask: [], forModes: nil)
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(received.tokens.withLock { $0 }, writesPerThread: writesPerThread)
  }
}
