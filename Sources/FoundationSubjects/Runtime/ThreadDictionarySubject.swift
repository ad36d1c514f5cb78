import Foundation
import StressKit

/// The Summary's `NSThread` as threads use it on themselves: each write stores its token in
/// `Thread.current.threadDictionary` and as the thread's name; each read looks at both, which
/// must hold a token of the reading thread itself, whatever the others do at the same time.
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
    ],
    leavesOut:
      "another thread's threadDictionary or name: Foundation documents them as the owner's; "
      + "a name set on a Thread that has exited writes through a stale handle "
      + "(swift-corelibs-foundation 5240, open), not covered yet; Thread.main: a server has no "
      + "main-thread work; qualityOfService and stackSize: set before start, not shared; "
      + "cancel() and isCancelled: not covered yet"
  )

  static let key = "stress.token"

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    let thread = Thread.current
    thread.threadDictionary[Self.key] = NSNumber(value: step.token)
    thread.name = "stress \(step.token)"
  }

  package func read(_ step: Step) -> String? {
    let thread = Thread.current
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
