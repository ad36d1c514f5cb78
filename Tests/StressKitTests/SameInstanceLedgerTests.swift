import Testing

@testable import StressKit

@Suite struct SameInstanceLedgerTests {
  let shape = TrialShape(threads: 2, opsPerThread: 3)

  @Test func oneInstancePerSlotSeenByEveryThreadChecksOut() {
    let ledger = SameInstanceLedger(shape: shape, naming: "singleton", countsCreations: true)
    for slot in 0..<3 {
      let id = ledger.newInstance()
      for thread in 0..<2 { ledger.record(thread: thread, slot: slot, id: id) }
    }
    #expect(ledger.check(writesPerThread: [3, 3]).isEmpty)
    #expect(ledger.validate(2) == nil && ledger.validate(nil) == nil)
    #expect(ledger.validate(-1) == "singleton holds -1")
    // An id never created shows at the end.
    ledger.record(thread: 1, slot: 2, id: 9)
    #expect(
      ledger.check(writesPerThread: [3, 3]).first
        == "singleton 2 was handed 9, which was never created")
  }

  @Test func threadsHandedDifferentInstancesAreCaught() {
    for counts in [true, false] {
      let ledger = SameInstanceLedger(shape: shape, naming: "key", countsCreations: counts)
      ledger.record(thread: 0, slot: 0, id: ledger.newInstance())
      ledger.record(thread: 1, slot: 0, id: ledger.newInstance())
      let found = ledger.check(writesPerThread: [1, 1])
      #expect(
        found.first
          == (counts
            ? "2 instances created for 1 keys"
            : "threads were handed 2 different instances of key 0"))
      #expect(found.count == (counts ? 2 : 1))
    }
  }

  @Test func aSlotNoThreadReachedIsNotChecked() {
    let ledger = SameInstanceLedger(shape: shape, naming: "singleton", countsCreations: true)
    ledger.record(thread: 0, slot: 0, id: ledger.newInstance())
    // Thread 1 did no operation: only slot 0 was reached, by thread 0 alone.
    #expect(ledger.check(writesPerThread: [1, 0]).isEmpty)
  }
}
