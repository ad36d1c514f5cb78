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

/// A counter in a `ScheduledMutex`, for `stress bench`: the Mutex-based type of issue 53's
/// target (2 threads x 3 calls).
package final class ScheduledMutexCounter: Sendable {
  private let value = ScheduledMutex(0)

  package func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  package func read() -> Int { value.withLock { $0 } }
}

/// `ScheduledMutexCounter` as a model test.
package enum ScheduledMutexCounterTest: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-mutex-counter", summary: "a counter in a ScheduledMutex",
    documented: .notListed)
  package static func make() -> ScheduledMutexCounter { ScheduledMutexCounter() }
  package static let operations: [ModelOperation<ScheduledMutexCounter>] = [
    .write("increment") { $0.increment() }, .read("read") { $0.read() },
  ]
  package static var scenarios: ScenarioOptions { ScheduledCounterTest.scenarios }
}

/// A count behind a concurrent `ScheduledQueue`, written with `async(flags: .barrier)` and read
/// with `sync` (the GCD tutorial's pattern), for `stress bench`: each write a block of its own.
package final class ScheduledQueueCounter: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "counter", attributes: .concurrent)
  private let value = Shared(0, name: "value")

  package func increment() {
    queue.async(flags: .barrier) { [self] in value.modify { $0 += 1 } }
  }

  package func read() -> Int { queue.sync { value.read() } }
}

/// `ScheduledQueueCounter` as a model test.
package enum ScheduledQueueCounterTest: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-queue-counter",
    summary: "a counter behind a concurrent ScheduledQueue's barrier", documented: .notListed)
  package static func make() -> ScheduledQueueCounter { ScheduledQueueCounter() }
  package static let operations: [ModelOperation<ScheduledQueueCounter>] = [
    .write("increment") { $0.increment() }, .read("read") { $0.read() },
  ]
  package static var scenarios: ScenarioOptions { ScheduledCounterTest.scenarios }
}
