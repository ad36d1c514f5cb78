import Foundation
import StressKit

/// The Summary's `NSThread` as threads use it on themselves: each write stores its token in
/// `Thread.current.threadDictionary` and as the thread's name; each read looks at both, which
/// must hold a token of the reading thread itself, whatever the others do at the same time.
/// Writes also cancel another thread's `Thread` (as a coordinator cancels a worker), and a
/// thread once cancelled must read `isCancelled` from then on.
/// Under a task-driven wrapper a "thread" is a task on a shared pool, so it runs under the
/// thread-driven ones only.
package final class ThreadDictionarySubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "thread-dictionary",
    summary: "Thread.current: threadDictionary and name, set and read by every thread on itself",
    documented: .safe, sendable: Sendability.of(Thread.self), traits: [.needsThreads],
    calls: [
      "Thread.current",
      "threadDictionary[key] set and get",
      "name set and get",
      "cancel() of another thread's Thread (write)",
      "Thread.current.isCancelled (read)",
    ],
    leavesOut:
      "another thread's threadDictionary or name: Foundation documents them as the owner's; "
      + "a name set on a Thread that has exited: rare in applications, where a thread names "
      + "itself while it runs (it writes through a stale handle, swift-corelibs-foundation "
      + "5240); Thread.main: a server has no main-thread work; qualityOfService and "
      + "stackSize: set before start, not shared"
  )

  static let key = "stress.token"

  /// Each thread's `Thread` once it has written, and the `Thread`s some write has cancelled. A
  /// wrapper may run a write on a thread of its own (a queue's), so a cancel is known by the
  /// `Thread` it hit, not by the step's thread number. The table is the subject's bookkeeping,
  /// under a lock of its own, and keeps the `Thread`s alive; the `Thread`s are under test.
  private let table = NSLock()
  private var threads: [Thread?]
  private var cancelled: Set<ObjectIdentifier> = []

  package init(shape: TrialShape) {
    threads = Array(repeating: nil, count: shape.threads)
  }

  package func write(_ step: Step) {
    let thread = Thread.current
    thread.threadDictionary[Self.key] = NSNumber(value: step.token)
    thread.name = "stress \(step.token)"
    let other = Int(step.random % UInt64(threads.count))
    table.lock()
    threads[step.thread] = thread
    let target = step.random % 8 == 0 ? threads[other] : nil
    table.unlock()
    guard let target, target !== thread else { return }
    target.cancel()
    table.lock()
    cancelled.insert(ObjectIdentifier(target))
    table.unlock()
  }

  package func read(_ step: Step) -> String? {
    let thread = Thread.current
    table.lock()
    let wasCancelled = cancelled.contains(ObjectIdentifier(thread))
    table.unlock()
    if wasCancelled && !thread.isCancelled {
      return "thread \(step.thread) reads isCancelled false after another cancelled it"
    }
    if let stored = thread.threadDictionary[Self.key] {
      guard let token = (stored as? NSNumber)?.intValue, Token.decode(token)?.thread == step.thread
      else { return "thread \(step.thread)'s dictionary holds \(stored)" }
    }
    guard let name = thread.name, name.hasPrefix("stress ") else { return nil }
    let token = Int(name.dropFirst("stress ".count))
    return token.flatMap(Token.decode)?.thread == step.thread
      ? nil : "thread \(step.thread) is named '\(name)'"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
