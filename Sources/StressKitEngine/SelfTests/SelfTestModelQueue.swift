import StressKitCore
import Synchronization

/// A queue that keeps its count beside its contents, in a load and a store outside the lock,
/// and trusts the count to say whether it is empty: counts are lost, and the count disagrees
/// with what the queue holds.
package final class SelfTestMiscountedQueue: @unchecked Sendable {
  private let items = Mutex<[Int]>([])
  private let counted = Atomic<Int>(0)
  private let split: Bool

  init(split: Bool) { self.split = split }

  func enqueue(_ value: Int) {
    if split { counted.store(counted.load(ordering: .relaxed) + 1, ordering: .relaxed) }
    items.withLock { $0.append(value) }
  }

  func dequeue() -> Int? {
    if split {
      let count = counted.load(ordering: .relaxed)
      guard count > 0 else { return nil }
      counted.store(count - 1, ordering: .relaxed)
    }
    return items.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }

  func count() -> Int { split ? counted.load(ordering: .relaxed) : items.withLock { $0.count } }

  static let operations: [ModelOperation<SelfTestMiscountedQueue>] = [
    .write("enqueue", 0..<3) { $0.enqueue($1) },
    .write("dequeue") { $0.dequeue() },
    .read("count") { $0.count() },
  ]
}

/// The miscounted queue, as a model test: not linearizable.
package enum SelfTestModelQueue: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-queue", summary: "self-test model: a queue whose count is kept apart",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestMiscountedQueue { SelfTestMiscountedQueue(split: true) }
  package static var operations: [ModelOperation<SelfTestMiscountedQueue>] {
    SelfTestMiscountedQueue.operations
  }
}

/// Its fix, the count read from the contents: never fails.
package enum SelfTestModelQueueFixed: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-queue-fixed", summary: "self-test model: a queue counting its contents",
    documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "every operation is one critical section")],
    traits: [.hidden])
  package static func make() -> SelfTestMiscountedQueue { SelfTestMiscountedQueue(split: false) }
  package static var operations: [ModelOperation<SelfTestMiscountedQueue>] {
    SelfTestMiscountedQueue.operations
  }
}
