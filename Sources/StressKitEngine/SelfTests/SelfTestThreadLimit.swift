import Dispatch
import StressKitCore
import StressPlatform
import Synchronization

/// Hits a resource limit between a trial's detection burst and its measured loop: its end
/// state fails whenever two or more threads wrote (so the burst finds "failures"), and the
/// next instance made after that caps its worker's memory at what it uses, so the measured
/// loop cannot start a thread. A low `ulimit -v` did this by chance; the trial is then the
/// harness's fault, and the burst's failure must not be named as its cause.
package final class SelfTestThreadLimit: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-thread-limit",
    summary: "self-test: a burst that fails, then a memory cap no thread can start under",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  /// Set once an end state failed in this worker.
  private static let failedOnce = Atomic<Bool>(false)

  private let writes = Atomic<Int>(0)

  package init(shape: TrialShape) {
    guard Self.failedOnce.load(ordering: .relaxed) else { return }
    // Exited threads' stacks are cached and reused without a new mapping: threads parked for
    // good take them first, so the next thread needs memory the cap does not leave.
    for _ in 0..<8 {
      _ = Platform.startThread { Self.parked.wait() }
    }
    Platform.capAddressSpace(headroom: 1 << 20)
  }

  /// Never signalled: the parked threads' wait.
  private static let parked = DispatchSemaphore(value: 0)

  package func write(_ step: Step) { writes.add(1, ordering: .relaxed) }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    guard writesPerThread.filter({ $0 > 0 }).count > 1 else { return violations }
    Self.failedOnce.store(true, ordering: .relaxed)
    violations.add(count: 1, "deliberate end-state failure of the burst")
    return violations
  }
}
