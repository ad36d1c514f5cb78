import Foundation
import StressKit
import Synchronization

/// A private `NotificationCenter`, as an app's event bus: writes add an observer (of the name,
/// or of every name) or remove it (each thread keeps at most one), reads post (by name, or a
/// `Notification`), from one of two senders or none; one registration in three filters by
/// sender. Every post must reach every observer of its sender (or of any) that was
/// registered for its whole duration: registered before the post began, and not yet being
/// removed when it returned (delivery is synchronous on the posting thread), and no observer
/// of the other sender. The bookkeeping
/// uses its own lock, never held across a call into the center.
package final class NotificationCenterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "notificationcenter",
    summary: "NotificationCenter: addObserver/removeObserver while other threads post",
    documented: .safe, sendable: Sendability.of(NotificationCenter.self),
    traits: [.ordersPerThread],
    calls: [
      "addObserver(forName:object:queue: nil, using:) (write)",
      "addObserver(forName: nil, object:queue: nil, using:) (every name) (write)",
      "addObserver(forName:object: a sender, queue: nil, using:) (write)",
      "removeObserver(_:) (write)",
    ] + Post.allCases.map { "\($0.rawValue) (read)" },
    leavesOut:
      "NotificationCenter.default: Foundation posts its own notifications there, which an "
      + "observer of every name would receive, and it is this class all the same; "
      + "addObserver(_:selector:name:object:): a selector needs @objc, which Swift on Linux "
      + "lacks; delivery on an OperationQueue: the check needs every delivery done when post "
      + "returns (operationqueue covers the queue)"
  )

  package enum Post: String, CaseIterable {
    case named = "post(name:object:userInfo:)"
    case notification = "post(_:) of a Notification"
  }

  package static let posts = InputDomain("posts", edges: [], ordinary: Post.allCases)

  static let name = Notification.Name("stress.subject")

  /// One registration: what it has received and not yet been checked for.
  final class Observer: Sendable {
    let received = Mutex(Set<Int>())
    /// The sender it observes (an index of `senders`); nil: any.
    let sender: Int?
    init(sender: Int?) { self.sender = sender }
  }

  /// The two senders posts come from (or none).
  private let senders = [NSObject(), NSObject()]

  struct Registration {
    var observer: Observer
    var token: NSObjectProtocol
  }

  private let center = NotificationCenter()
  /// Per thread, its live registration (only that thread touches its slot).
  private let live: UnsafeMutablePointer<Registration?>
  private let threads: Int
  /// Observers fully registered and not being removed.
  private let registered = Mutex([ObjectIdentifier: Observer]())
  private let postIDs = Atomic<Int>(0)

  package init(shape: TrialShape) {
    threads = shape.threads
    live = .allocate(capacity: threads)
    live.initialize(repeating: nil, count: threads)
  }

  deinit {
    for i in 0..<threads { if let r = live[i] { center.removeObserver(r.token) } }
    live.deinitialize(count: threads)
    live.deallocate()
  }

  package func write(_ step: Step) {
    if let registration = live[step.thread] {
      // It stops counting as registered before removal begins.
      _ = registered.withLock { $0.removeValue(forKey: ObjectIdentifier(registration.observer)) }
      center.removeObserver(registration.token)
      live[step.thread] = nil
    } else {
      let sender = (step.random >> 8) % 3 == 0 ? Int((step.random >> 16) % 2) : nil
      let observer = Observer(sender: sender)
      // Every other registration observes every name: posts here carry only this one.
      let name = step.random & 1 == 0 ? Self.name : nil
      let object = sender.map { senders[$0] }
      let token = center.addObserver(forName: name, object: object, queue: nil) { note in
        if let id = note.userInfo?["id"] as? Int {
          observer.received.withLock { _ = $0.insert(id) }
        }
      }
      live[step.thread] = Registration(observer: observer, token: token)
      registered.withLock { $0[ObjectIdentifier(observer)] = observer }
    }
  }

  package func read(_ step: Step) -> String? {
    let id = postIDs.add(1, ordering: .relaxed).newValue
    let before = registered.withLock { $0 }
    let sender = (step.random >> 8) % 3 == 0 ? nil : Int((step.random >> 16) % 2)
    let object = sender.map { senders[$0] }
    switch Self.posts[step] {
    case .named: center.post(name: Self.name, object: object, userInfo: ["id": id])
    case .notification:
      center.post(Notification(name: Self.name, object: object, userInfo: ["id": id]))
    }
    let after = registered.withLock { $0 }
    var missed = 0
    var wrong = 0
    for (key, observer) in before where after[key] === observer {
      // Registered throughout: it must have the post if it observes its sender, and must not
      // otherwise. Checked ids are dropped, so sets stay small.
      let got = observer.received.withLock({ $0.remove(id) }) != nil
      let wanted = observer.sender == nil || observer.sender == sender
      if wanted && !got { missed += 1 }
      if !wanted && got { wrong += 1 }
    }
    if wrong > 0 { return "post \(id) reached \(wrong) observer(s) of another sender" }
    return missed == 0 ? nil : "post \(id) missed \(missed) observer(s) registered throughout"
  }

  /// Once the threads are done, one more post must reach every observer still registered.
  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if let problem = read(Step(thread: 0, seq: 0, random: 0)) { violations.add(problem) }
    return violations
  }
}
