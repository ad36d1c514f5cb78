import StressKit

/// A Swift `[Int: Int]` in a shared variable, checked by its operations alone: set, get,
/// remove and count. Behind a wrapper it must be linearizable; bare, it is a data race.
package enum SwiftDictionaryModel: ModelTest {
  /// The shared variable.
  package final class Shared: @unchecked Sendable {
    var storage: [Int: Int] = [:]
  }

  package static let info = SubjectInfo(
    id: "swift-dictionary-model",
    summary: "Swift [Int: Int] as a model test: set, get, remove, count",
    documented: .notListed, sendable: Sendability.of([Int: Int].self),
    calls: [
      "subscript set storage[k] = v",
      "subscript get storage[k]",
      "removeValue(forKey:)",
      "count",
    ],
    leavesOut:
      "iteration, keys and values, merge(_:uniquingKeysWith:), updateValue(_:forKey:), "
      + "subscript(_:default:), removeAll(): a shared var races on any of them anyway"
  )
  package static func make() -> Shared { Shared() }
  package static func state(of shared: Shared) -> AnyHashable? { shared.storage }
  package static let operations: [ModelOperation<Shared>] = [
    .write("set", 0..<3, 1..<3) { $0.storage[$1] = $2 },
    .read("get", 0..<3) { $0.storage[$1] },
    .write("remove", 0..<3) { $0.storage.removeValue(forKey: $1) },
    .read("count") { $0.storage.count },
  ]
}
