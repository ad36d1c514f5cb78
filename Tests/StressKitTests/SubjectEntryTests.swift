import FoundationSubjects
import Testing

@testable import StressKit
@testable import StressKitEngine

/// A subject's trial loop, dispatched or specialized: the same trial either way.
extension InProcessSubjects {
  @Suite struct SubjectEntryTests {
    func spec(_ subject: String, _ wrapper: String, threads: Int = 1, ratio: Double = 0.5)
      -> TrialSpec
    {
      TrialSpec(
        subject: subject, wrapper: wrapper, threads: threads, readRatio: ratio, bound: .ops(2_000),
        seed: 7)
    }

    @Test func addDispatchesAndAddSpecializingCompilesTheLoopForTheSubject() throws {
      var catalog = Catalog()
      catalog.add(SelfTestCorrupt.self)
      #expect(try #require(catalog.entry(SelfTestCorrupt.info.id)).isSpecialized == false)
      catalog.add(specializing: SelfTestCorrupt.self)
      #expect(try #require(catalog.entry(SelfTestCorrupt.info.id)).isSpecialized)
      // The Foundation catalog compiles loops only for its baselines.
      let specialized = FoundationCatalog.catalog.entries.filter(\.isSpecialized).map(\.info.id)
      #expect(Set(specialized) == ["counter", "noop", PositiveControl.info.id])
    }

    @Test(arguments: ["unprotected", "lock", "serial-queue", "rw-barrier", "recursive-lock"])
    func bothLoopsRunTheSameOperationsAndChecks(wrapper: String) throws {
      let counter = FoundationCatalog.catalog.entry("counter")!
      let dispatched = SubjectEntry(dispatching: counter.type)
      let w = try #require(Catalog.standard.wrapper(wrapper))
      let a = counter.run(spec("counter", wrapper), w) { _ in }
      let b = dispatched.run(spec("counter", wrapper), w) { _ in }
      #expect(a.outcome == .ok && b.outcome == .ok)
      #expect(a.reads == b.reads && a.writes == b.writes && a.ops == 2_000)
    }

    @Test func aDispatchedSubjectsFailuresAndTraitsReachTheTrial() throws {
      let lock = try #require(Catalog.standard.wrapper("lock"))
      // Thread 1's reads fail: passes alone, corrupt at two threads, through the dispatch.
      let corrupt = SubjectEntry(dispatching: SelfTestCorrupt.self)
      let alone = corrupt.run(spec(SelfTestCorrupt.info.id, "lock"), lock) { _ in }
      #expect(alone.outcome == .ok)
      let two = corrupt.run(spec(SelfTestCorrupt.info.id, "lock", threads: 2), lock) { _ in }
      #expect(two.outcome == .corrupt && (two.failures ?? 0) > 0)
      // A read-only subject gets no writes.
      let reads = SubjectEntry(dispatching: FoundationCatalog.catalog.subject("nsarray")!)
      let result = reads.run(spec("nsarray", "lock", threads: 2), lock) { _ in }
      #expect(result.outcome == .ok && result.writes == 0 && result.reads == 4_000)
      // (The tasks driver is not run here: a test holds a thread of the task pool its trial's
      // tasks need. The end-to-end runs drive dispatched subjects under `actor` in workers.)
    }
  }
}
