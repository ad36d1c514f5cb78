import Foundation
import StressKitCore
import Synchronization

/// A counter whose increments answer how many the calling thread has made, while `get` answers
/// the true total: a scenario fails exactly when two threads increment (both answer 1),
/// however the threads are scheduled. The harness's tests of detection, shrinking and the
/// scenario table rely on it. Its initial and post parts run on another thread than its
/// parallel part, so even one thread's scenario can fail: it skips the sanity pass
/// (`.failsAlone`).
package final class SelfTestPerThreadCounter: @unchecked Sendable {
  private let counts = Mutex<[ObjectIdentifier: Int]>([:])

  func increment() -> Int {
    let thread = ObjectIdentifier(Thread.current)
    return counts.withLock { counts in
      counts[thread, default: 0] += 1
      return counts[thread]!
    }
  }

  func get() -> Int { counts.withLock { $0.values.reduce(0, +) } }

  static let operations: [ModelOperation<SelfTestPerThreadCounter>] = [
    .write("increment") { $0.increment() },
    .read("get") { $0.get() },
  ]
}

/// The per-thread counter, as a model test.
package enum SelfTestModelPerThread: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-per-thread",
    summary: "self-test model: each thread's increments counted apart", documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "self-test: it promises never to fail")],
    traits: [.hidden, .failsAlone])
  package static func make() -> SelfTestPerThreadCounter { SelfTestPerThreadCounter() }
  package static var operations: [ModelOperation<SelfTestPerThreadCounter>] {
    SelfTestPerThreadCounter.operations
  }
  package static var scenarios: ScenarioOptions { ScenarioOptions(invocations: 5) }
}

/// A correct counter whose checks have no time at all: every distinct outcome answers
/// unknown, which the trial counts and reports, and never passes or fails.
package enum SelfTestModelNoTime: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-no-time", summary: "self-test model: checks that always run out of time",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestSplitCounter { SelfTestSplitCounter(split: false) }
  package static var operations: [ModelOperation<SelfTestSplitCounter>] {
    SelfTestSplitCounter.operations
  }
  package static var scenarios: ScenarioOptions { ScenarioOptions(checkSeconds: 0) }
}

/// A model test whose type answers what no fresh instance would: each increment counts across
/// all instances. It fails on one thread, so it is a broken test, never a finding.
package enum SelfTestModelBroken: ModelTest {
  package final class Shared: @unchecked Sendable {
    static let total = Atomic<Int>(0)
    func increment() -> Int { Self.total.add(1, ordering: .relaxed).newValue }
  }

  package static let info = SubjectInfo(
    id: "selftest-model-broken", summary: "self-test model: a count shared by every instance",
    documented: .notListed, traits: [.hidden])
  package static func make() -> Shared { Shared() }
  package static let operations: [ModelOperation<Shared>] = [
    .write("increment") { $0.increment() }
  ]
}

/// A model test whose one operation traps, with no other thread anywhere: a broken test under
/// stress and under every strategy alike, never a crash of the subject's.
package enum SelfTestModelTrap: ModelTest {
  package final class Trap: Sendable {
    func poke() -> Int { preconditionFailure("selftest-model-trap: its operation traps alone") }
  }

  package static let info = SubjectInfo(
    id: "selftest-model-trap", summary: "self-test model: an operation that traps alone",
    documented: .notListed, traits: [.hidden])
  package static func make() -> Trap { Trap() }
  package static let operations: [ModelOperation<Trap>] = [.write("poke") { $0.poke() }]
}
