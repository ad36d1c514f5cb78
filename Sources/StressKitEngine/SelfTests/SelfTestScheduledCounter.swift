import StressKitCore
import StressKitModel

/// A counter behind a `ScheduledLock`, for the controlled scheduler's figures in `stress
/// bench`: the lock-based type of issue 31's target (2 threads x 3 calls).
package final class ScheduledCounter: @unchecked Sendable {
  private let lock = ScheduledLock()
  private var value = 0

  package func increment() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }

  package func read() -> Int { lock.withLock { value } }
}

/// `ScheduledCounter` as a model test.
package enum ScheduledCounterTest: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-counter", summary: "a counter behind a ScheduledLock",
    documented: .notListed)
  package static func make() -> ScheduledCounter { ScheduledCounter() }
  package static let operations: [ModelOperation<ScheduledCounter>] = [
    .write("increment") { $0.increment() }, .read("read") { $0.read() },
  ]
  package static var scenarios: ScenarioOptions {
    ScenarioOptions(operationsPerThread: 3, initialOperations: 0, postOperations: 0)
  }
}
