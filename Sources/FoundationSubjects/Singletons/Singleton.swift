import StressKit
import Synchronization

/// The object a singleton pattern hands out; `id` tells instances apart, so a check can see
/// whether two threads were handed different ones.
final class Singleton: Sendable {
  let id: Int

  init(id: Int) {
    self.id = id
  }
}

/// Singletons come from, and are checked by, the engine's same-instance oracle.
extension SameInstanceLedger {
  /// The ledger for a trial of singletons: one per slot, every creation counted.
  static func singletons(_ shape: TrialShape) -> SameInstanceLedger {
    SameInstanceLedger(shape: shape, naming: "singleton", countsCreations: true)
  }

  /// A new singleton with a fresh id; every call counts as a creation.
  func create() -> Singleton {
    Singleton(id: newInstance())
  }

  func record(thread: Int, slot: Int, _ instance: Singleton) {
    record(thread: thread, slot: slot, id: instance.id)
  }
}
