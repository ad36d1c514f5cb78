import Foundation
import Synchronization
import Testing

@testable import StressKit

/// Every protected wrapper must keep a wide-open check-then-act window safe under many threads.
@Suite struct WrapperTests {
  static let protected = StandardWrappers.all.filter { $0.info.isProtected }.map { $0.info.id }

  @Test(arguments: protected)
  func neverFailsUnderManyThreads(wrapper: String) {
    let spec = TrialSpec(
      subject: "test-wide-window-counter", wrapper: wrapper, threads: 8, readRatio: 0.3,
      bound: .ops(1_500), seed: 7)
    let result = Trial.run(spec, catalog: .forTests)
    #expect(result.outcome == .ok, "\(wrapper): \(result.detail)")
    #expect(result.ops == 8 * 1_500)
  }

  @Test func everyStandardWrapperIsListedOnce() {
    let ids = StandardWrappers.all.map { $0.info.id }
    #expect(
      ids == [
        "unprotected", "lock", "serial-queue", "rw-barrier", "mutex", "rwlock", "semaphore",
        "recursive-lock", "condition",
      ])
    #expect(
      StandardWrappers.all.filter { !$0.info.isProtected }.map { $0.info.id } == ["unprotected"])
  }

  @Test func barrierWritesAreDrainedBeforeTheCheck() {
    // Writes only: every increment is queued asynchronously; the check must still see them all.
    let spec = TrialSpec(
      subject: "test-wide-window-counter", wrapper: "rw-barrier", threads: 4, readRatio: 0,
      bound: .ops(2_000), seed: 3)
    let result = Trial.run(spec, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect(result.writes == 8_000)
  }

  /// A thread waits for the queue every `writesPerWait` writes: with the first write held, a
  /// thread that writes more stops at its `writesPerWait`-th. Never waiting, it would queue all
  /// of them at once, and a 0.03 s trial's drain took seconds.
  @Test func barrierWritersWaitForTheQueueEveryFewHundredWrites() throws {
    let limit = RWBarrierWrapper.writesPerWait
    let subject = HeldWrites(shape: TrialShape(threads: 1, opsPerThread: nil))
    let wrapper = RWBarrierWrapper()
    let submitted = Atomic(0)
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      for seq in 0..<(limit + 20) {
        submitted.add(1, ordering: .sequentiallyConsistent)
        wrapper.write(subject, Step(thread: 0, seq: seq, random: 0))
      }
      finished.signal()
    }
    // The first write runs and blocks, so the `limit`-th write's call waits for it.
    let start = Date()
    while submitted.load(ordering: .sequentiallyConsistent) < limit,
      Date().timeIntervalSince(start) < 30
    {
      usleep(1_000)
    }
    usleep(100_000)  // time for an unbounded writer to run past the limit
    #expect(submitted.load(ordering: .sequentiallyConsistent) == limit)
    subject.release.signal()
    #expect(finished.wait(timeout: .now() + 30) == .success)
    wrapper.drain()
    #expect(subject.writes.load(ordering: .sequentiallyConsistent) == limit + 20)
  }

  @Test func actorNeverFailsUnderManyTasks() {
    let spec = TrialSpec(
      subject: "test-wide-window-counter", wrapper: "actor", threads: 8, readRatio: 0.3,
      bound: .ops(1_000), seed: 5)
    let result = Trial.run(spec, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect(result.ops == 8_000)
  }

  @Test func actorWrapperIsDrivenByTasks() throws {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["actor", "lock"]
    let plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    #expect(plan.cells.filter { $0.wrapper == "actor" }.allSatisfy { $0.driver == .tasks })
    #expect(plan.cells.filter { $0.wrapper == "lock" }.allSatisfy { $0.driver == .threads })
  }
}

/// Its first write waits for `release`; every write is counted.
private final class HeldWrites: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-held-writes", summary: "test: the first write waits", documented: .notListed,
    traits: [.hidden])
  let release = DispatchSemaphore(value: 0)
  let writes = Atomic(0)

  init(shape: TrialShape) {}

  func write(_ step: Step) {
    if writes.add(1, ordering: .sequentiallyConsistent).newValue == 1 { release.wait() }
  }

  func read(_ step: Step) -> String? { nil }

  func check(writesPerThread: [Int]) -> Violations { Violations() }
}
