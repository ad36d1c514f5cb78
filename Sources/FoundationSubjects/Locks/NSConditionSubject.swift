import Foundation
import StressKit

/// `NSCondition` as it is meant to be used: a bounded buffer of four slots that writes fill
/// and reads drain, each waiting on the condition while the buffer is full or empty and
/// signalling after (`signal()`, or `broadcast()` one time in four). Waits are timed (50 µs), so a thread that outlives the others never
/// waits for ever: a write that still finds the buffer full counts a drop, a read that still
/// finds it empty takes nothing. The condition's lock must exclude across its waits, so at the
/// end every write was taken, dropped or is still in the buffer, exactly once.
package final class NSConditionSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscondition",
    summary: "NSCondition: a 4-slot buffer, wait while full or empty, signal (timed waits)",
    documented: .notListed, sendable: Sendability.of(NSCondition.self),
    calls: [
      "lock() and unlock()",
      "wait(until:) (50 µs timeouts)",
      "signal()",
      "broadcast() (one in four)",
    ],
    leavesOut: "untimed wait(): a thread left waiting once the others finish would wait for "
      + "ever; several waiters on different predicates: "
      + "writes wait while full and reads while empty, two already; name: a stored "
      + "property no lock call reads")

  static let capacity = 4
  private let shape: TrialShape
  private let condition = NSCondition()
  private var buffer: [Int] = []
  private var taken: [Int] = []
  private var dropped: [Int] = []

  package init(shape: TrialShape) {
    self.shape = shape
    buffer.reserveCapacity(Self.capacity)
  }

  package func write(_ step: Step) {
    condition.lock()
    while buffer.count >= Self.capacity,
      condition.wait(until: Date(timeIntervalSinceNow: 0.000_05))
    {}
    if buffer.count < Self.capacity {
      buffer.append(step.token)
    } else {
      dropped.append(step.token)
    }
    wake(step)
    condition.unlock()
  }

  package func read(_ step: Step) -> String? {
    condition.lock()
    while buffer.isEmpty, condition.wait(until: Date(timeIntervalSinceNow: 0.000_05)) {}
    let token = buffer.isEmpty ? nil : buffer.removeFirst()
    if let token { taken.append(token) }
    let count = buffer.count
    wake(step)
    condition.unlock()
    if count > Self.capacity { return "the buffer holds \(count), over its \(Self.capacity)" }
    if let token, Token.decode(token) == nil { return "took \(token), which no write put" }
    return nil
  }

  /// Wakes one waiter, or every one, as the step picks.
  private func wake(_ step: Step) {
    if step.random % 4 == 0 { condition.broadcast() } else { condition.signal() }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    condition.lock()
    defer { condition.unlock() }
    return Token.verify(taken + dropped + buffer, writesPerThread: writesPerThread)
  }
}
