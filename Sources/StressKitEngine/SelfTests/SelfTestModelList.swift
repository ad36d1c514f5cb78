import StressKitCore
import Synchronization

/// A list whose insert-if-absent checks, then inserts, in two critical sections: two threads
/// inserting one value both insert it, and both say so.
package final class SelfTestInsertIfAbsentList: @unchecked Sendable {
  private let items = Mutex<[Int]>([])
  private let split: Bool

  init(split: Bool) { self.split = split }

  func contains(_ value: Int) -> Bool { items.withLock { $0.contains(value) } }

  func insertIfAbsent(_ value: Int) -> Bool {
    guard split else {
      return items.withLock { items in
        if items.contains(value) { return false }
        items.append(value)
        return true
      }
    }
    if contains(value) { return false }
    items.withLock { $0.append(value) }
    return true
  }

  func count() -> Int { items.withLock { $0.count } }

  static let operations: [ModelOperation<SelfTestInsertIfAbsentList>] = [
    .write("insertIfAbsent", 0..<2) { $0.insertIfAbsent($1) },
    .read("contains", 0..<2) { $0.contains($1) },
    .read("count") { $0.count() },
  ]
}

/// The two-step list, as a model test: not linearizable.
package enum SelfTestModelList: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-list",
    summary: "self-test model: insert-if-absent checks and inserts in two steps",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestInsertIfAbsentList {
    SelfTestInsertIfAbsentList(split: true)
  }
  package static var operations: [ModelOperation<SelfTestInsertIfAbsentList>] {
    SelfTestInsertIfAbsentList.operations
  }
}

/// Its fix, one critical section: never fails.
package enum SelfTestModelListFixed: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-model-list-fixed", summary: "self-test model: insert-if-absent in one step",
    documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "it checks and inserts under one lock")],
    traits: [.hidden])
  package static func make() -> SelfTestInsertIfAbsentList {
    SelfTestInsertIfAbsentList(split: false)
  }
  package static var operations: [ModelOperation<SelfTestInsertIfAbsentList>] {
    SelfTestInsertIfAbsentList.operations
  }
}
