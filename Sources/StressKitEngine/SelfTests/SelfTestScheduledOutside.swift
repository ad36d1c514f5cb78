import StressKitCore
import StressKitModel
import StressPlatform
import Synchronization

/// A counter whose increment starts a thread of its own while it holds a `ScheduledLock`: that
/// thread takes the same lock and adds one, and the increment waits for it once it has let the
/// lock go (so plainly it adds two, and never deadlocks). Under the controlled scheduler the
/// lock is the scheduler's, and a thread it does not control is not excluded by it: the helper
/// adds inside the increment's critical section. The schedule must say so, not report a
/// history no order explains.
package final class SelfTestOutsideCounter: @unchecked Sendable {
  let lock = ScheduledLock()
  private let value = Atomic<Int>(0)

  func increment() {
    let done = Atomic<Bool>(false)
    lock.lock()
    let failed = Platform.startThread { [self] in
      lock.lock()
      value.add(1, ordering: .relaxed)
      lock.unlock()
      done.store(true, ordering: .releasing)
    }
    value.store(value.load(ordering: .relaxed) + 1, ordering: .relaxed)
    lock.unlock()
    // A plain wait for a thread that ends at once: shorter than any stuck deadline.
    while failed == nil && !done.load(ordering: .acquiring) { Platform.yield() }
  }

  func read() -> Int { lock.withLock { value.load(ordering: .relaxed) } }
}

/// `SelfTestOutsideCounter` as a model test.
package enum SelfTestScheduledOutside: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-scheduled-outside",
    summary: "self-test model: a ScheduledLock taken by a thread the test started itself",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestOutsideCounter { SelfTestOutsideCounter() }
  package static let operations: [ModelOperation<SelfTestOutsideCounter>] = [
    .write("increment") { $0.increment() }, .read("read") { $0.read() },
  ]
}
