import Foundation
import StressKitCore
import StressKitModel
import Synchronization

// Self-test model tests built on the scheduled primitives, for the controlled scheduler's
// tests and for `stress run --strategy` end to end: a lost update, its fix, a deadlock and a
// spin no primitive sees, and an initial part that blocks.

/// A counter whose increment loads, then stores, a scheduled atomic: a lost update (a bug of
/// depth 1: one preemption between the load and the store).
package final class SelfTestLoadStoreCounter: @unchecked Sendable {
  let value = ScheduledAtomicInt(0)
  func increment() { value.store(value.load() + 1) }
  func add() { value.add(1) }
  func read() -> Int { value.load() }
}

package enum SelfTestScheduledLostUpdate: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-lost-update",
    summary: "self-test model: a scheduled atomic's load, then store", documented: .notListed,
    traits: [.hidden])
  package static func make() -> SelfTestLoadStoreCounter { SelfTestLoadStoreCounter() }
  package static let operations: [ModelOperation<SelfTestLoadStoreCounter>] = [
    .write("increment") { $0.increment() }, .read("read") { $0.read() },
  ]
}

/// Its fix: one atomic add.
package enum SelfTestScheduledAtomic: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-atomic", summary: "self-test model: a scheduled atomic's add",
    documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "its increment is one atomic add")],
    traits: [.hidden])
  package static func make() -> SelfTestLoadStoreCounter { SelfTestLoadStoreCounter() }
  package static let operations: [ModelOperation<SelfTestLoadStoreCounter>] = [
    .write("add") { $0.add() }, .read("read") { $0.read() },
  ]
}

/// Two scheduled locks taken in opposite orders by two operations.
package final class SelfTestTwoLocks: @unchecked Sendable {
  let first = ScheduledLock()
  let second = ScheduledLock()
  func forward() {
    first.lock()
    second.lock()
    second.unlock()
    first.unlock()
  }
  func backward() {
    second.lock()
    first.lock()
    first.unlock()
    second.unlock()
  }
}

package enum SelfTestScheduledDeadlock: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-deadlock", summary: "self-test model: two locks in opposite orders",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestTwoLocks { SelfTestTwoLocks() }
  package static let operations: [ModelOperation<SelfTestTwoLocks>] = [
    .write("forward") { $0.forward() }, .write("backward") { $0.backward() },
  ]
  package static var scenarios: ScenarioOptions {
    ScenarioOptions(operationsPerThread: 1, initialOperations: 0, postOperations: 0)
  }
}

/// An operation that spins on a flag no scheduled primitive guards, raised by another: run
/// first, it never lets the other run. `release` frees spinners once a test is done (a
/// worker's are ended with it).
package final class SelfTestSpinFlag: @unchecked Sendable {
  package static let release = Atomic<Bool>(false)
  let raised = Atomic<Bool>(false)
  func spin() {
    while !raised.load(ordering: .acquiring) && !Self.release.load(ordering: .acquiring) {}
  }
  func raise() { raised.store(true, ordering: .releasing) }
}

package enum SelfTestScheduledSpin: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-spin", summary: "self-test model: a spin no primitive sees",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestSpinFlag { SelfTestSpinFlag() }
  package static let operations: [ModelOperation<SelfTestSpinFlag>] = [
    .write("spin") { $0.spin() }, .write("raise") { $0.raise() },
  ]
  package static var scenarios: ScenarioOptions {
    ScenarioOptions(operationsPerThread: 1, initialOperations: 0, postOperations: 0)
  }
}

/// Blocks a call made on the thread that made it (the explorer's: the initial and post parts,
/// and a history's check, run there, outside the scheduler) until `release` is raised: an
/// operation that waits for what only another thread would do. Calls from the scheduled
/// threads pass. (A worker's blocked thread ends with the worker.)
package final class SelfTestBlocksAlone: @unchecked Sendable {
  package static let release = Atomic<Bool>(false)
  let maker = pthread_self()
  package init() {}
  package func pass() -> Int {
    while pthread_equal(pthread_self(), maker) != 0 && !Self.release.load(ordering: .acquiring) {
      usleep(1_000)
    }
    return 0
  }
}

/// A model test whose initial part blocks: a broken test, which `explore()` and `stress run
/// --strategy` report after their stuck deadline instead of waiting for ever.
package enum SelfTestScheduledBlocksAlone: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-blocks-alone",
    summary: "self-test model: an initial part whose call waits for another thread",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestBlocksAlone { SelfTestBlocksAlone() }
  package static let operations: [ModelOperation<SelfTestBlocksAlone>] = [
    .write("pass") { $0.pass() }
  ]
  package static var scenarios: ScenarioOptions {
    // Up to 20 initial calls, so the first scenarios hold some.
    ScenarioOptions(operationsPerThread: 1, initialOperations: 20, postOperations: 0)
  }
}

/// A count in a `Shared` cell, written under a scheduled lock and read without it: a data race
/// wherever a write and a read meet.
package final class SelfTestPeekedCount: @unchecked Sendable {
  let lock = ScheduledLock()
  let count = Shared(0, name: "count")
  func increment() { lock.withLock { count.modify { $0 += 1 } } }
  func peek() -> Int { count.read() }
}

package enum SelfTestScheduledDataRace: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-data-race",
    summary: "self-test model: a cell written under a lock, read without it",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestPeekedCount { SelfTestPeekedCount() }
  package static let operations: [ModelOperation<SelfTestPeekedCount>] = [
    .write("increment") { $0.increment() }, .read("peek") { $0.peek() },
  ]
}
