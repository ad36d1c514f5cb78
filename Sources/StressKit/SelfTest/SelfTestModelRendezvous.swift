import Synchronization

/// A counter whose increments meet between their load and their store: the first of two
/// concurrent increments waits (up to 10 ms, a busy machine's time slices) for the second to load too, so both store
/// the same value. Two increments that overlap always lose one, with no luck involved: the
/// harness's tests of detection, shrinking and the scenario table rely on it.
package final class SelfTestRendezvousCounter: @unchecked Sendable {
  private let value = Atomic<Int>(0)
  private let loads = Atomic<Int>(0)
  private let meets: Bool

  init(meets: Bool) { self.meets = meets }

  func increment() -> Int {
    let next = value.load(ordering: .acquiring) + 1
    if meets {
      let ticket = loads.add(1, ordering: .acquiringAndReleasing).newValue
      if ticket % 2 == 1 {
        let until = Platform.monotonicNanos() + 10_000_000
        while loads.load(ordering: .acquiring) == ticket && Platform.monotonicNanos() < until {}
      }
    }
    value.store(next, ordering: .releasing)
    return next
  }

  func get() -> Int { value.load(ordering: .acquiring) }

  static let operations: [ModelOperation<SelfTestRendezvousCounter>] = [
    .write("increment") { $0.increment() },
    .read("get") { $0.get() },
  ]
}

/// The rendezvous counter, checked against a counter that does not wait.
package enum SelfTestModelRendezvous: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-rendezvous",
    summary: "self-test model: concurrent increments always lose one", documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "self-test: it promises never to fail")],
    traits: [.hidden])
  package static func make() -> SelfTestRendezvousCounter { SelfTestRendezvousCounter(meets: true) }
  package static func makeSpecification() -> SelfTestRendezvousCounter {
    SelfTestRendezvousCounter(meets: false)
  }
  package static var operations: [ModelOperation<SelfTestRendezvousCounter>] {
    SelfTestRendezvousCounter.operations
  }
  // A failing scenario fails in its first invocation; one that cannot fail waits up to 10 ms
  // an increment, so few invocations, and shrinking (which tries such scenarios) may take
  // longer than the default 2 seconds on a busy machine: 6 stays inside a trial's 10 s timeout.
  package static var scenarios: ScenarioOptions {
    ScenarioOptions(invocations: 5, minimizationSeconds: 6)
  }
}

/// A correct counter whose checks have no time at all: every distinct outcome answers
/// unknown, which the trial counts and reports, and never passes or fails.
package enum SelfTestModelNoTime: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-no-time", summary: "self-test model: checks that always run out of time",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestRendezvousCounter {
    SelfTestRendezvousCounter(meets: false)
  }
  package static var operations: [ModelOperation<SelfTestRendezvousCounter>] {
    SelfTestRendezvousCounter.operations
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
