import StressKit

/// A `lazy var` on a shared object, the Swift way to defer creating a member: `lazy` is not
/// thread-safe, so two threads reaching it first may both run the initializer. One fresh
/// holder per operation, as for the check-then-create singleton.
package final class SingletonLazyVarSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "singleton-lazy-var", summary: "a lazy var on a shared object, a fresh one per operation",
    documented: .notListed, defaultReadRatio: 0,
    calls: [
      "holders[slot].shared, a lazy var's first access (write)"
    ],
    leavesOut:
      "assigning the lazy var: a shared var races on it anyway; lazy vars in structs: "
      + "their first access mutates, so a shared var races on it anyway; initializers "
      + "reading other mutable state: that state's race, not lazy's")

  final class Holder: @unchecked Sendable {
    let ledger: SameInstanceLedger
    lazy var shared: Singleton = ledger.create()

    init(ledger: SameInstanceLedger) {
      self.ledger = ledger
    }
  }

  let ledger: SameInstanceLedger
  let holders: [Holder]

  package init(shape: TrialShape) {
    let ledger = SameInstanceLedger.singletons(shape)
    self.ledger = ledger
    holders = (0..<ledger.slots).map { _ in Holder(ledger: ledger) }
  }

  package func write(_ step: Step) {
    let slot = step.seq % ledger.slots
    ledger.record(thread: step.thread, slot: slot, holders[slot].shared)
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    ledger.check(writesPerThread: writesPerThread)
  }
}
