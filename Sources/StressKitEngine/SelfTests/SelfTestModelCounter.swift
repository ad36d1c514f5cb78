import StressKitCore
import Synchronization

/// A counter whose increment loads, then stores (two atomic steps, no data race): two
/// increments at once both answer the same value. The classic non-linearizable counter.
package final class SelfTestSplitCounter: @unchecked Sendable {
  private let value = Atomic<Int>(0)
  private let split: Bool

  init(split: Bool) { self.split = split }

  func increment() -> Int {
    guard split else { return value.add(1, ordering: .relaxed).newValue }
    let next = value.load(ordering: .relaxed) + 1
    value.store(next, ordering: .relaxed)
    return next
  }

  func get() -> Int { value.load(ordering: .relaxed) }

  static let operations: [ModelOperation<SelfTestSplitCounter>] = [
    .write("increment") { $0.increment() },
    .read("get") { $0.get() },
  ]
}

/// The split counter, as a model test: not linearizable.
package enum SelfTestModelCounter: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-counter", summary: "self-test model: increment loads, then stores",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestSplitCounter { SelfTestSplitCounter(split: true) }
  package static var operations: [ModelOperation<SelfTestSplitCounter>] {
    SelfTestSplitCounter.operations
  }
}

/// Its fix, one atomic add: never fails.
package enum SelfTestModelCounterFixed: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-counter-fixed", summary: "self-test model: increment is one atomic add",
    documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "its increment is one atomic add")],
    traits: [.hidden])
  package static func make() -> SelfTestSplitCounter { SelfTestSplitCounter(split: false) }
  package static var operations: [ModelOperation<SelfTestSplitCounter>] {
    SelfTestSplitCounter.operations
  }
}

/// The fix again, telling its specification's states apart by their count (`state(of:)`):
/// equal counts are one state, so the checker explores each once. For `stress bench`, beside
/// the fix whose states are never merged.
package enum SelfTestModelCounterStates: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-counter-states",
    summary: "self-test model: the atomic counter, its states told apart by count",
    documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "its increment is one atomic add")],
    traits: [.hidden])
  package static func make() -> SelfTestSplitCounter { SelfTestSplitCounter(split: false) }
  package static func state(of specification: SelfTestSplitCounter) -> AnyHashable? {
    specification.get()
  }
  package static var operations: [ModelOperation<SelfTestSplitCounter>] {
    SelfTestSplitCounter.operations
  }
}
