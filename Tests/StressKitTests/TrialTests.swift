import Foundation
import FoundationSubjects
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine
@testable import StressPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Trials run in this process (no isolation), with deliberately misbehaving subjects.
@Suite struct TrialTests {
  let catalog = FoundationCatalog.catalog

  func spec(
    _ subject: String, _ wrapper: String = "unprotected", threads: Int = 2, ratio: Double = 0.5,
    bound: Bound = .ops(1_000), seed: UInt64 = 1
  ) -> TrialSpec {
    TrialSpec(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: ratio, bound: bound,
      seed: seed)
  }

  @Test func countsEveryOperationOfEveryThread() {
    let result = Trial.run(
      spec("counter", "lock", threads: 4, bound: .ops(5_000)), catalog: catalog)
    #expect(result.outcome == .ok)
    #expect(result.ops == 20_000)
    #expect((result.reads ?? 0) + (result.writes ?? 0) == 20_000)
    #expect(result.failures == 0)
    #expect((result.seconds ?? 0) > 0)
    #expect((result.opsPerSecond ?? 0) > 0)
  }

  @Test func readRatioSplitsOperations() throws {
    let reads = Trial.run(spec("counter", ratio: 1), catalog: catalog)
    #expect(reads.writes == 0 && reads.reads == 2_000)
    let writes = Trial.run(spec("counter", "lock", ratio: 0), catalog: catalog)
    #expect(writes.reads == 0 && writes.writes == 2_000)
    let mixed = Trial.run(
      spec("counter", "lock", ratio: 0.25, bound: .ops(10_000)), catalog: catalog)
    let share = Double(try #require(mixed.reads)) / Double(try #require(mixed.ops))
    #expect(share > 0.2 && share < 0.3)
  }

  @Test func sameSeedSameOperationStream() {
    let a = Trial.run(spec("counter", "lock", threads: 3, seed: 99), catalog: catalog)
    let b = Trial.run(spec("counter", "lock", threads: 3, seed: 99), catalog: catalog)
    let c = Trial.run(spec("counter", "lock", threads: 3, seed: 100), catalog: catalog)
    #expect(a.reads == b.reads && a.writes == b.writes)
    #expect(a.reads != c.reads)
  }

  @Test func durationBoundStopsTheThreads() {
    let result = Trial.run(spec("noop", threads: 3, bound: .seconds(0.05)), catalog: catalog)
    #expect(result.outcome == .ok)
    #expect((result.ops ?? 0) > 0)
    #expect((result.seconds ?? 0) >= 0.05)
  }

  @Test func invalidReadIsReportedCorrupt() {
    let result = Trial.run(spec("selftest-corrupt", bound: .ops(300)), catalog: catalog)
    #expect(result.outcome == .corrupt)
    // Thread 1 reads 300 times and every read fails; thread 0's never do.
    #expect(result.failures == 300)
    #expect(result.detail == "read by thread 1: deliberate violation #0")
  }

  @Test func endStateViolationsAreCountedAndDescribed() {
    let result = Trial.run(
      spec("test-wide-window-counter", threads: 4, ratio: 0, bound: .ops(2_000)),
      catalog: .forTests)
    // Four threads yielding inside an unprotected increment lose updates.
    #expect(result.outcome == .corrupt)
    #expect((result.failures ?? 0) > 0)
    #expect(result.detail.hasPrefix("end state: counter "))
  }

  @Test func subjectFailingAloneIsAnError() {
    let result = Trial.run(spec("selftest-broken", "lock"), catalog: catalog)
    #expect(result.outcome == .error)
    #expect(result.detail.contains("fails single-threaded"))
    #expect(result.detail.contains("deliberately broken check"))
  }

  @Test func theSanityPassRunsAsTheSpecAsks() {
    var broken = spec("selftest-broken", "lock")
    broken.sanity = .only
    #expect(Trial.run(broken, catalog: catalog).outcome == .error)
    // Skipped, the broken check is the trial's own failure: nothing ran alone first.
    broken.sanity = .skipped
    let skipped = Trial.run(broken, catalog: catalog)
    #expect(skipped.outcome == .corrupt && skipped.ops == 2_000)
    var sound = spec("counter", "lock")
    sound.sanity = .only
    let alone = Trial.run(sound, catalog: catalog)
    #expect(alone.outcome == .ok && alone.ops == 0)
    // The tasks driver obeys it too: run in a worker (EndToEndTests), as its trials must be.
  }

  @Test func aOneThreadTrialRunsAloneWithoutASanityPassAndIsStillJudgedBroken() {
    let seen = Mutex<[Trial.Milestone]>([])
    let result = Trial.run(spec("selftest-broken", "lock", threads: 1), catalog: catalog) { m in
      seen.withLock { $0.append(m) }
    }
    #expect(result.outcome == .error && result.detail.contains("fails single-threaded"))
    // The measured trial itself ran, once: the milestones of one run, and its operations.
    #expect(seen.withLock { $0 } == [.sane, .started])
    #expect(result.ops == 1_000)
  }

  @Test func aTrialsSubjectsDieInsideItOnItsOwnThread() {
    // Many threads that end the moment they leave, and a trial with nothing to check: were a
    // thread to hold a subject past the trial, it would let go of it last, on its way out.
    for seed in 1...20 {
      DeinitWitness.threads.withLock { $0 = [] }
      let result = Trial.run(
        spec("test-deinit-witness", "lock", threads: 32, bound: .ops(1), seed: UInt64(seed)),
        catalog: .forTests)
      #expect(result.outcome == .ok)
      let me = pthread_self()
      let threads = DeinitWitness.threads.withLock { $0 }
      // The sanity pass's subject and the trial's, each gone before the trial returned.
      #expect(threads.count == 2 && threads.allSatisfy { pthread_equal($0, me) != 0 })
    }
  }

  @Test func unknownIdsAreErrors() {
    #expect(Trial.run(spec("nope"), catalog: catalog).outcome == .error)
    #expect(Trial.run(spec("counter", "nope"), catalog: catalog).outcome == .error)
  }

  @Test(arguments: StandardWrappers.all.filter { $0.info.isProtected }.map { $0.info.id })
  func twoHundredFiftySixThreadsOnTwoCores(wrapper: String) {
    let result = Trial.run(
      spec("counter", wrapper, threads: 256, bound: .ops(100)), catalog: catalog)
    #expect(result.outcome == .ok, "\(wrapper): \(result.detail)")
    #expect(result.ops == 256 * 100)
  }

  @Test func milestonesAreAnnouncedInOrder() {
    // Reported from the main thread (sane) and from the thread that opens the gate (started).
    let seen = Mutex<[Trial.Milestone]>([])
    let ok = Trial.run(spec("counter", "lock"), catalog: catalog) { m in
      seen.withLock { $0.append(m) }
    }
    // Threads that end together report nothing more.
    #expect(ok.outcome == .ok && seen.withLock { $0 } == [.sane, .started])
    seen.withLock { $0 = [] }
    let broken = Trial.run(spec("selftest-broken", "lock"), catalog: catalog) { m in
      seen.withLock { $0.append(m) }
    }
    #expect(broken.outcome == .error && seen.withLock { $0 }.isEmpty)
  }

  /// A thread still running `stragglerGrace` after the first ended is reported, and so is the
  /// end of them all, for the runner's straggler clock.
  @Test func threadsThatEndFarApartAreReported() {
    let seen = Mutex<[Trial.Milestone]>([])
    var late = spec("test-late-thread", threads: 2)
    late.tuning.burst = 0
    let result = Trial.run(late, catalog: .forTests) { m in seen.withLock { $0.append(m) } }
    #expect(result.outcome == .ok)
    #expect(seen.withLock { $0 } == [.sane, .started, .firstThreadDone, .threadsDone])
  }

  @Test func readersOnlyReadAndWritersOnlyWrite() {
    var s = spec("counter", "lock", threads: 3, bound: .ops(1_000))
    s.readers = 2
    let result = Trial.run(s, catalog: catalog)
    #expect(result.outcome == .ok)
    #expect(result.reads == 2_000 && result.writes == 1_000)
  }

  @Test(arguments: [
    Tuning(stride: 10), Tuning(yieldProbability: 0.5), Tuning(pin: true),
    Tuning(stride: 7, yieldProbability: 0.1, pin: true),
  ])
  func tuningKeepsTheBudgetAndTheCheck(tuning: Tuning) {
    var s = spec("test-wide-window-counter", "mutex", threads: 4, bound: .ops(500))
    s.tuning = tuning
    let result = Trial.run(s, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect(result.ops == 2_000)
  }

  @Test func stridedTimedTrialEndsEvenWhenThreadsDrift() {
    var s = spec("counter", "serial-queue", threads: 3, bound: .seconds(0.05))
    s.tuning = Tuning(stride: 50)
    let result = Trial.run(s, catalog: catalog)
    #expect(result.outcome == .ok)
    #expect((result.ops ?? 0) > 0)
  }

  @Test func dispatchApplyDriverWritesThreadsTimesOps() {
    var s = spec("counter", "lock", threads: 3, bound: .ops(400))
    s.driver = .dispatchApply
    let result = Trial.run(s, catalog: catalog)
    #expect(result.outcome == .ok)
    #expect(result.writes == 1_200 && result.reads == 0)
    var readOnly = spec("nsarray", threads: 2)
    readOnly.driver = .dispatchApply
    #expect(Trial.run(readOnly, catalog: catalog).harnessFault)
  }

  @Test func timeToFailureIsRecordedOnlyForFailures() throws {
    let bad = Trial.run(spec("selftest-corrupt", bound: .ops(300)), catalog: catalog)
    let ttf = try #require(bad.timeToFailureMs)
    #expect(ttf >= 0 && ttf <= (bad.seconds ?? 0) * 1000)
    let good = Trial.run(spec("counter", "lock"), catalog: catalog)
    #expect(good.timeToFailureMs == nil)
  }

  @Test func freshInstancesEachHoldTheirOwnEpoch() {
    // Sequence numbers restart on every instance: had the threads stayed on one instance,
    // its end state would hold duplicates and the trial would be corrupt.
    var s = spec("swift-array", "lock", threads: 4, bound: .ops(700))
    s.tuning = Tuning(instances: 7)
    let result = Trial.run(s, catalog: catalog)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect(result.ops == 2_800)
  }

  @Test func freshInstancesCheckOutAlone() {
    var s = spec("counter", threads: 1, ratio: 0, bound: .ops(30))
    s.tuning = Tuning(instances: 3)
    // One thread: no race, so every instance must check out.
    #expect(Trial.run(s, catalog: catalog).outcome == .ok)
  }

  @Test func aCheckpointWaiterThatHadToYieldCutsItsPatienceAndPollingRestoresIt() {
    let checkpoint = Checkpoint(parties: 2)
    let most = checkpoint.patience
    // With 2 parties on this machine's cores (at least 2), waiters start by polling.
    #expect(most == (Platform.processorCount >= 2 ? 100_000 : 1))
    #expect(checkpoint.adapted(most, waited: true, yielded: true) == most / 8)
    #expect(checkpoint.adapted(4, waited: true, yielded: true) == 1)
    #expect(checkpoint.adapted(most / 8, waited: true, yielded: false) == most / 4)
    #expect(checkpoint.adapted(most, waited: true, yielded: false) == most)
    #expect(checkpoint.adapted(40, waited: false, yielded: false) == 40)
    // A partner that arrives 200 ms late: 64 polls cannot last that long, so the waiter
    // yields, and its patience drops.
    let gate = StartGate(parties: 1)
    let late = DispatchGroup()
    late.enter()
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.2)
      var patience = 64
      checkpoint.meet(round: 1, gate: gate, patience: &patience)
      late.leave()
    }
    var patience = 64
    checkpoint.meet(round: 1, gate: gate, patience: &patience)
    late.wait()
    #expect(patience == 8)
  }

  @Test func strideCheckpointsKeepThreadsInStep() {
    var s = spec("test-stride-witness", threads: 4, ratio: 0, bound: .ops(2_000))
    s.tuning = Tuning(stride: StrideWitness.stride, pin: false)
    let result = Trial.run(s, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect(result.ops == 8_000)
  }

  @Test func theBurstRunsFirstItsFailuresCountAndItsOperationsDoNot() {
    var s = spec("test-small-state-witness", threads: 2, ratio: 0, bound: .ops(1_000))
    s.tuning = Tuning(pin: false, burst: 4)
    let result = Trial.run(s, catalog: .forTests)
    // Each of the 4 burst instances took 2 x 16 writes, too few: 4 failures, all the burst's.
    #expect(result.outcome == .corrupt)
    #expect(result.failures == 4)
    #expect(
      result.detail.hasPrefix("in the detection burst: end state: instance 0: only 32 writes"))
    // The measures are the measured loop's alone.
    #expect(result.ops == 2_000 && result.writes == 2_000)
    s.tuning.burst = 0
    let plain = Trial.run(s, catalog: .forTests)
    #expect(plain.outcome == .ok && plain.ops == 2_000, "\(plain.detail)")
    // A protected wrapper's trial has no burst: the same tuning, the measured loop alone.
    var locked = spec("test-small-state-witness", "lock", threads: 2, ratio: 0, bound: .ops(1_000))
    locked.tuning = Tuning(pin: false, burst: 4)
    let measured = Trial.run(locked, catalog: .forTests)
    #expect(measured.outcome == .ok && measured.ops == 2_000, "\(measured.detail)")
  }

  @Test(arguments: [
    (1, Driver.threads, false, false), (2, Driver.dispatchApply, false, false),
    (2, Driver.threads, true, false), (2, Driver.threads, false, true),
  ])
  func noBurstWhereNoRaceOrNoFreshStateOrAProtectedWrapper(
    threads: Int, driver: Driver, freshProcess: Bool, protected: Bool
  ) {
    var s = spec("counter", threads: threads, ratio: 0, bound: .ops(100))
    s.driver = driver
    s.tuning = Tuning(burst: 8)
    #expect(s.burst(freshProcess: freshProcess, protected: protected) == nil)
    s.driver = .threads
    s.threads = 2
    let burst = s.burst(freshProcess: false, protected: false)
    #expect(burst?.bound == .ops(8 * Tuning.burstOps) && burst?.tuning.instances == 8)
    #expect(burst?.tuning.burst == 0 && burst?.seed != s.seed)
  }

  @Test func aBurstFailureLeadsAndTheMeasuresStay() {
    var burst = TrialResult(outcome: .corrupt, failures: 2, ops: 10, detail: "lost one")
    burst.timeToFailureMs = 0.5
    let measured = TrialResult(
      outcome: .corrupt, failures: 3, ops: 100, reads: 40, writes: 60, seconds: 1, detail: "x")
    let both = burst.followed(by: measured)
    #expect(both.outcome == .corrupt && both.failures == 5 && both.ops == 100)
    #expect(both.detail == "in the detection burst: lost one" && both.timeToFailureMs == 0.5)
    let clean = TrialResult(outcome: .ok, failures: 0, ops: 10)
    #expect(clean.followed(by: measured) == measured)
    // A measured loop the harness could not run is its own fault, under its own cause.
    let fault = TrialResult.harnessFault("cannot start thread 2 of 2")
    #expect(burst.followed(by: fault) == fault)
  }

  /// A capped trial stops at its deadline, but every thread does its first chunk of operations
  /// first, however late it started: a capped trial of 2 threads still has both threads in it.
  @Test func aCappedTrialStillGivesEveryThreadItsFirstChunk() throws {
    var s = spec("test-wide-window-counter", "lock", threads: 2, ratio: 0, bound: .ops(1_000_000))
    s.deadline = 1e-6
    let result = Trial.run(s, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    let ops = try #require(result.ops)
    #expect(ops >= 2 * Trial.Lane.timedChunk && ops < 2_000_000, "\(ops) operations")
  }

  /// A timed trial, capped or of a duration, looks at its stop flag every 16 operations, not
  /// 64: 8 threads on one lock each owed 64 operations of a slow subject (a capped trial took
  /// 30 ms for 5). A write here takes 1 ms, so the 1 ms bound is long past when each thread
  /// ends its first chunk, and the trial stops there unless the machine held the stop back for
  /// three chunks (48 ms).
  @Test(arguments: [false, true])
  func aTimedTrialStopsWithinOneSmallChunkOfItsEnd(capped: Bool) throws {
    var s = spec(
      "test-slow-to-write", threads: 2, ratio: 0, bound: capped ? .ops(1_000_000) : .seconds(0.001))
    if capped { s.deadline = 0.001 }
    let result = Trial.run(s, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    let ops = try #require(result.ops)
    #expect(Trial.Lane.timedChunk == 16)
    #expect(ops >= 2 * 16 && ops < 2 * 64, "\(ops) operations")
  }

  /// The burst's cost stays bounded whatever the subject: it makes instances for half its
  /// deadline at most, and stops its threads at the deadline (within one chunk of 64).
  @Test(arguments: ["test-slow-to-make", "test-slow-to-write"])
  func aBurstStopsAtItsDeadline(subject: String) throws {
    var s = spec(subject, threads: 2, ratio: 0, bound: .ops(20))
    s.tuning = Tuning(pin: false, burst: 128)
    let burst = try #require(s.burst(freshProcess: false, protected: false))
    let result = Trial.run(burst, catalog: .forTests)
    #expect(result.outcome == .ok, "\(result.detail)")
    let ops = try #require(result.ops)
    #expect(ops > 0 && ops < 128 * Tuning.burstOps * 2, "\(ops) operations")
  }
}
