import Foundation
import StressKit

/// The classic lazy singleton, `if shared == nil { shared = Singleton() }; return shared`, on
/// one fresh slot per operation: thread k's n-th call asks for singleton n, so every thread
/// races to create each one. The check: one instance per singleton, seen by every thread.
package class SingletonCheckThenCreateSubject: StressSubject, @unchecked Sendable {
  package class var info: SubjectInfo {
    SubjectInfo(
      id: "singleton-check-then-create",
      summary: "lazy singleton: if shared == nil { shared = create() }, a fresh one per operation",
      documented: .notListed, defaultReadRatio: 0,
      calls: [
        "if instances[slot] == nil { instances[slot] = create() } (write)",
        "instances[slot] read back, recorded in the ledger (write)",
      ],
      leavesOut:
        "reads of an already created instance: with no writer left they race on nothing; "
        + "resetting or replacing it: a shared var races on it anyway; state inside the "
        + "singleton: photomanager covers it"
    )
  }

  let ledger: SameInstanceLedger
  let instances: UnsafeMutablePointer<Singleton?>
  /// Seconds to sleep between the check and the create, as the GCD tutorials do to make the
  /// race show on demand; 0 here, set by the `-widened` variant.
  class var window: Double { 0 }
  static let sleepingSlots = 1024

  package required init(shape: TrialShape) {
    ledger = SameInstanceLedger.singletons(shape)
    instances = .allocate(capacity: ledger.slots)
    instances.initialize(repeating: nil, count: ledger.slots)
  }

  deinit {
    instances.deinitialize(count: ledger.slots)
    instances.deallocate()
  }

  package func write(_ step: Step) {
    let slot = step.seq % ledger.slots
    if instances[slot] == nil {
      // Only the first slots sleep: under a lock the sleeps add up, and a long trial must
      // not turn into a hang.
      if Self.window > 0 && slot < Self.sleepingSlots { Thread.sleep(forTimeInterval: Self.window) }
      instances[slot] = ledger.create()
    }
    guard let instance = instances[slot] else { return }
    ledger.record(thread: step.thread, slot: slot, instance)
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    ledger.check(writesPerThread: writesPerThread)
  }
}
