import StressKit

/// The same, with a 100 µs sleep between the check and the create (in its first 1,024
/// singletons, so a long trial under a lock stays short), so the race shows even when
/// threads rarely meet: the tutorials' demonstration.
package final class SingletonCheckThenCreateWidenedSubject: SingletonCheckThenCreateSubject,
  @unchecked Sendable
{
  package override class var info: SubjectInfo {
    SubjectInfo(
      id: "singleton-check-then-create-widened",
      summary: "the lazy singleton with a 100 µs sleep between check and create (the tutorials')",
      documented: .notListed, defaultReadRatio: 0,
      calls: [
        "if instances[slot] == nil (write)",
        "Thread.sleep(forTimeInterval: 0.0001), first 1,024 slots (write)",
        "instances[slot] = create() (write)",
        "instances[slot] read back, recorded in the ledger (write)",
      ],
      leavesOut:
        "reads of an already created instance: with no writer left they race on nothing; "
        + "resetting or replacing it: a shared var races on it anyway; state inside the "
        + "singleton: photomanager covers it"
    )
  }

  override class var window: Double { 0.0001 }
}
