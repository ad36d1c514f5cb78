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
