import Foundation
import StressReports
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine

// MARK: - Self-test types, each with a fixed bug (or none)

/// A cache that checks, then acts, under two acquisitions of its scheduled lock: two threads
/// that miss one key both create a value (a bug of depth 2: both checks before either set).
final class CheckThenActCache: @unchecked Sendable {
  private let lock = ScheduledLock()
  private var storage: [Int: Int] = [:]
  private var made = 0

  func value(_ key: Int) -> Int {
    if let cached = lock.withLock({ storage[key] }) { return cached }
    let created = lock.withLock {
      made += 1
      return made
    }
    lock.withLock { storage[key] = created }
    return created
  }
}

/// The same cache with check and act in one acquisition: no bug.
final class OneSectionCache: @unchecked Sendable {
  private let lock = ScheduledLock()
  private var storage: [Int: Int] = [:]
  private var made = 0

  func value(_ key: Int) -> Int {
    lock.withLock {
      if let cached = storage[key] { return cached }
      made += 1
      storage[key] = made
      return made
    }
  }
}

/// Two threads ask one key of the check-then-act cache: every scenario holds the bug.
enum RacyCacheModel: ModelTest {
  static let info = SubjectInfo(
    id: "selftest-controlled-cache", summary: "", documented: .notListed)
  static func make() -> CheckThenActCache { CheckThenActCache() }
  static let operations: [ModelOperation<CheckThenActCache>] = [
    .write("value", 0..<1) { $0.value($1) }
  ]
  static var scenarios: ScenarioOptions {
    ScenarioOptions(operationsPerThread: 1, initialOperations: 0, postOperations: 0)
  }
}

/// The fixed cache, with more calls and keys.
enum FixedCacheModel: ModelTest {
  static let info = SubjectInfo(
    id: "selftest-controlled-fixed", summary: "", documented: .notListed)
  static func make() -> OneSectionCache { OneSectionCache() }
  static let operations: [ModelOperation<OneSectionCache>] = [
    .write("value", 0..<2) { $0.value($1) }
  ]
}

/// A latch whose `open()` signals without recording that it is open: a waiter that arrives
/// after it waits for good (a lost wakeup, a bug of depth 1: open before await). `blocks:
/// false` never waits, for a sequential specification, where await may come before open.
final class LostWakeupLatch: @unchecked Sendable {
  private let condition = ScheduledCondition()
  private var waiting = 0
  private let blocks: Bool

  init(blocks: Bool) { self.blocks = blocks }

  func open() {
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }

  func await() {
    guard blocks else { return }
    condition.lock()
    waiting += 1
    condition.wait()
    condition.unlock()
  }
}

/// A one-shot gate, a scheduled primitive of the test's own: `await` blocks until `open`.
final class TestGate: @unchecked Sendable {
  final class State: ControlledState {
    var open = false
    var waiters: [Int] = []
    init() {}
    func holds(_ thread: Int) -> Bool { false }
    func waiting(_ thread: Int) -> ControlledWait? {
      waiters.contains(thread) ? ControlledWait(until: "the gate") : nil
    }
  }

  private var seat: ControlledScheduler.Seat { ControlledScheduler.currentSeat! }

  func await() {
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = scheduler.state(self, "gate", "gate", as: State.self)
    scheduler.record(me, number, .call("await"))
    while !state.open {
      state.waiters.append(me)
      scheduler.block(me)
    }
  }

  func open() {
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = scheduler.state(self, "gate", "gate", as: State.self)
    state.open = true
    for thread in state.waiters { scheduler.wake(thread) }
    state.waiters.removeAll()
    scheduler.record(me, number, .method("open"))
    scheduler.record(me, number, .method("opened", result: ModelValue(true)))
  }

  /// A point at the gate that opens nothing.
  func touch() {
    seat.scheduler.point(seat.thread)
  }
}

/// A model test with no operations: nothing to explore.
enum NoOperationsModel: ModelTest {
  static let info = SubjectInfo(id: "no-operations", summary: "none", documented: .notListed)
  static func make() -> SelfTestLoadStoreCounter { SelfTestLoadStoreCounter() }
  static let operations: [ModelOperation<SelfTestLoadStoreCounter>] = []
}

/// A model test whose checks may take forever.
enum EndlessCheckModel: ModelTest {
  static let info = SubjectInfo(id: "endless-check", summary: "inf", documented: .notListed)
  static var scenarios: ScenarioOptions { ScenarioOptions(checkSeconds: .infinity) }
  static func make() -> SelfTestLoadStoreCounter { SelfTestLoadStoreCounter() }
  static let operations = SelfTestScheduledAtomic.operations
}

/// A die behind a scheduled lock: each roll answers a random number, on one thread or many.
final class Die: @unchecked Sendable {
  let lock = ScheduledLock()
  var rolls = 0
  func roll() -> Int {
    lock.locked { rolls += 1 }
    return Int.random(in: 0..<1_000_000)
  }
}

/// A model test whose operation is nondeterministic: a broken test, not a race.
enum DieModel: ModelTest {
  static let info = SubjectInfo(id: "die", summary: "a die", documented: .notListed)
  static func make() -> Die { Die() }
  static let operations: [ModelOperation<Die>] = [.write("roll") { $0.roll() }]
}

/// No initial part, and a post part that blocks: stuck.
enum BlockingPostModel: ModelTest {
  static let info = SubjectInfo(id: "blocking-post", summary: "", documented: .notListed)
  static var scenarios: ScenarioOptions {
    ScenarioOptions(operationsPerThread: 1, initialOperations: 0, postOperations: 20)
  }
  static func make() -> SelfTestBlocksAlone { SelfTestBlocksAlone() }
  static let operations: [ModelOperation<SelfTestBlocksAlone>] = [.write("pass") { $0.pass() }]
}

/// Only a parallel part, whose calls pass, and a check that runs them alone, where they block.
enum BlockingCheckModel: ModelTest {
  static let info = SubjectInfo(id: "blocking-check", summary: "", documented: .notListed)
  static var scenarios: ScenarioOptions {
    ScenarioOptions(
      operationsPerThread: 1, initialOperations: 0, postOperations: 0, checkSeconds: 0.2)
  }
  static func make() -> SelfTestBlocksAlone { SelfTestBlocksAlone() }
  static let operations: [ModelOperation<SelfTestBlocksAlone>] = [.write("pass") { $0.pass() }]
}

// MARK: - Tests

/// The controlled scheduler on self-test types whose bugs are known: each strategy finds what
/// it must within its bound, a failure replays exactly, and deadlocks and spins are reported.
@Suite(.serialized) struct ControlledSchedulerTests {
  @Test func pctFindsADepthTwoBugWithinItsBound() {
    // 2 threads, at most 10 points with a choice (5 a call): PCT's bound is 1/(n·k) = 1/20
    // per schedule, so 10 times its inverse misses with probability e^-10.
    for seed: UInt64 in 1...10 {
      let result = RacyCacheModel.explore(strategy: .pct(depth: 2), schedules: 200, seed: seed)
      #expect(result.verdict == .notLinearizable, "seed \(seed): \(result.report)")
      #expect(result.schedules <= 200)
    }
  }

  /// Schedules of `bodies` under `chooser` until one fails: how many ran, and the failure.
  func firstFailure(
    of bodies: @escaping () -> [() -> Void], chooser: any ScheduleChooser, within schedules: Int
  ) throws -> (schedules: Int, failure: ControlledScheduler.Failure?) {
    let scheduler = try ControlledScheduler(threads: 2)
    defer { scheduler.close() }
    for schedule in 0..<schedules {
      if let failure = scheduler.run(bodies(), chooser: chooser, schedule: schedule, stuckAfter: 2)
      {
        return (schedule + 1, failure)
      }
      _ = chooser.finish(choices: scheduler.trace.choices.count)
    }
    return (schedules, nil)
  }

  /// A primitive the runtime has never heard of, written as a user's own file would be: it
  /// keeps its own state and blocks and wakes threads through the scheduler. Its misuse is a
  /// deadlock that names it and what its waiter waits for; its right use passes every schedule.
  @Test func aPrimitiveOfItsOwnNeedsNoChangeToTheScheduler() throws {
    let (count, failure) = try firstFailure(
      of: {
        let gate = TestGate()
        // Thread 1 waits for a gate nobody opens; thread 2 only passes through.
        return [{ gate.await() }, { gate.touch() }]
      }, chooser: PreemptionBoundedSearch(bound: 2), within: 10)
    guard case .deadlock(let blocked) = failure else {
      Issue.record("no deadlock in \(count) schedules")
      return
    }
    #expect(blocked.map(\.thread) == [0] && blocked[0].wait == ControlledWait(until: "the gate"))

    let search = PreemptionBoundedSearch(bound: 2)
    let scheduler = try ControlledScheduler(threads: 2)
    defer { scheduler.close() }
    var schedules = 0
    var spelled: Set<String> = []
    repeat {
      let gate = TestGate()
      let failure = scheduler.run(
        [{ gate.await() }, { gate.open() }], chooser: search, schedule: schedules, stuckAfter: 2)
      #expect(failure == nil, "schedule \(schedules): \(String(describing: failure))")
      for step in scheduler.trace.steps { spelled.insert(scheduler.trace.spell(step.action)) }
      schedules += 1
    } while search.finish(choices: scheduler.trace.choices.count) == .sameScenario
    // Both orders: the waiter blocked before the open, and the open first.
    #expect(schedules >= 2)
    #expect(spelled == ["await(gate)", "gate.open()", "gate.opened() -> true"], "\(spelled)")
  }

  @Test func pctFindsADepthOneBugWithinItsBoundAndDepthOneMissesTheDepthTwoBug() throws {
    for seed: UInt64 in 1...10 {
      // Thread 1 opens, thread 2 awaits: a deadlock when the open comes first. Depth 1 among
      // 2 threads: at least 1/2 a schedule, so 20 schedules miss with probability 2^-20.
      let (count, failure) = try firstFailure(
        of: {
          let latch = LostWakeupLatch(blocks: true)
          return [{ latch.open() }, { latch.await() }]
        }, chooser: PCTChooser(depth: 1, seed: seed), within: 20)
      guard case .deadlock(let blocked) = failure else {
        Issue.record("seed \(seed): no deadlock in \(count) schedules")
        continue
      }
      // The awaiting thread, alone and unfinished, waits at the condition for a signal.
      #expect(
        blocked.map(\.thread) == [1] && blocked[0].waitsAt == 0
          && blocked[0].wait == ControlledWait(until: "a signal") && blocked[0].holds.isEmpty,
        "\(blocked)")
      // With no priority change a thread runs whole: the check-then-act never interleaves.
      let cache = RacyCacheModel.explore(strategy: .pct(depth: 1), schedules: 50, seed: seed)
      #expect(cache.passed, "seed \(seed): \(cache.report)")
    }
  }

  @Test func aFailureShowsItsScenarioAndInterleavingAndReplaysExactly() throws {
    let found = RacyCacheModel.explore(strategy: .pct(depth: 2), schedules: 200, seed: 3)
    let token = try #require(found.replay)
    let finding = try #require(found.finding)
    #expect(finding.scenario?.parallel.map { $0.map(\.answer) } == [["1"], ["2"]])
    #expect(finding.interleaving?.contains { $0.primitive == "lock 1" } == true)
    // `explore()`'s report is the reports' wording of it, run again by `.replay`.
    #expect(found.report == FindingText.explore.words(finding))
    #expect(found.report.hasSuffix("replay: .replay(\"\(token)\")"))
    for _ in 0..<100 {
      let again = RacyCacheModel.explore(strategy: .replay(token))
      #expect(again.verdict == .notLinearizable)
      #expect(again.replay == token)
      // The same history and interleaving: all but the schedule's number and strategy.
      var same = try #require(again.finding)
      (same.schedule, same.strategy) = (finding.schedule, finding.strategy)
      #expect(same == finding)
    }
  }

  /// A failure is a value: its kind, the scenario with its answers, each step of the
  /// interleaving with its thread, operation, action and primitive, and its replay token.
  @Test func aFailureIsAFindingAsData() throws {
    let found = RacyCacheModel.explore(strategy: .pct(depth: 2), schedules: 200, seed: 3)
    let finding = try #require(found.finding)
    #expect(finding.kind == .notLinearizable && finding.replay == found.replay)
    #expect(finding.schedule == found.schedules)
    let scenario = try #require(finding.scenario)
    #expect(scenario.parallel.map { $0.map(\.call) } == [["value(0)"], ["value(0)"]])
    #expect(Set(scenario.parallel.joined().compactMap(\.answer)) == ["1", "2"])
    let steps = try #require(finding.interleaving)
    #expect(Set(steps.map(\.thread)) == [1, 2])
    #expect(steps.contains { $0.action == "lock(lock 1)" && $0.primitive == "lock 1" })
    #expect(steps.contains { $0.action == "starts" && $0.primitive == nil })

    let deadlock = SelfTestScheduledDeadlock.explore(
      strategy: .exhaustive(preemptions: 1), schedules: 100)
    #expect(deadlock.finding?.kind == .deadlock && deadlock.finding?.replay == deadlock.replay)
    #expect(deadlock.finding?.scenario?.parallel.joined().allSatisfy { $0.answer == nil } == true)
    // A pass finds nothing.
    #expect(FixedCacheModel.explore(schedules: 20).finding == nil)
  }

  @Test func aDeadlockNamesWhatEachThreadHoldsAndWaitsFor() {
    let result = SelfTestScheduledDeadlock.explore(
      strategy: .exhaustive(preemptions: 1), schedules: 100)
    #expect(result.verdict == .deadlock, "\(result.report)")
    guard case .deadlock(let threads) = result.finding?.circumstance else {
      Issue.record("\(result.report)")
      return
    }
    // Each holds the lock the other waits for, in its own operation.
    #expect(Set(threads.map(\.operation)) == ["forward()", "backward()"], "\(threads)")
    #expect(threads.count == 2 && threads.allSatisfy { $0.holds.count == 1 })
    #expect(threads.count == 2 && threads[0].holds == [threads[1].waitsAt ?? ""])
    #expect(threads.count == 2 && threads[1].holds == [threads[0].waitsAt ?? ""])
    #expect(Set(threads.compactMap(\.holder)) == [1, 2] && threads.allSatisfy { $0.until == nil })
  }

  @Test func aSpinOutsideThePrimitivesIsReportedNotWaitedFor() {
    SelfTestSpinFlag.release.store(false, ordering: .releasing)
    defer { SelfTestSpinFlag.release.store(true, ordering: .releasing) }
    // Whichever thread runs first: the spinner first never yields.
    let result = SelfTestScheduledSpin.explore(
      strategy: .randomWalk, schedules: 50, stuckAfter: 0.2)
    #expect(result.verdict == .stuck, "\(result.report)")
    guard case .spin(_, let operation, let seconds) = result.finding?.circumstance else {
      Issue.record("\(result.report)")
      return
    }
    #expect(operation == "spin()" && seconds >= 0.2)
  }

  @Test func exhaustiveSearchFindsTheBugsAndPassesTheFixesToTheEndOfItsBound() {
    let racy = RacyCacheModel.explore(strategy: .exhaustive(preemptions: 1), schedules: 1_000)
    #expect(racy.verdict == .notLinearizable)
    let lost = SelfTestScheduledLostUpdate.explore(
      strategy: .exhaustive(preemptions: 1), schedules: 5_000)
    #expect(lost.verdict == .notLinearizable, "\(lost.report)")
    let fixed = FixedCacheModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000)
    #expect(fixed.passed && fixed.exhausted, "\(fixed.report)")
    #expect(fixed.report.contains("every schedule with at most 2 preemptions"))
    let atomic = SelfTestScheduledAtomic.explore(
      strategy: .exhaustive(preemptions: 2), schedules: 2_000)
    #expect(atomic.passed && atomic.exhausted, "\(atomic.report)")
  }

  /// A trial under a search records what it covered: its scenarios, and whether every one was
  /// searched to the end of the bound; a random strategy's trial covers no bound.
  @Test func aSearchTrialRecordsItsCoverage() {
    func trial(_ strategy: ScheduleStrategy, schedules: Int) -> TrialResult {
      let spec = TrialSpec(
        subject: FixedCacheModel.info.id, wrapper: "unprotected", threads: 2, readRatio: 0.5,
        bound: .ops(schedules), seed: 1, strategy: strategy)
      return ControlledTrial<FixedCacheModel>.run(spec, strategy: strategy, milestone: { _ in })
    }
    let full = trial(.exhaustive(preemptions: 1), schedules: 500)
    #expect(full.outcome == .ok && full.searchComplete == true && (full.scenarios ?? 0) > 1)
    let cut = trial(.exhaustive(preemptions: 2), schedules: 3)
    #expect(cut.outcome == .ok && cut.searchComplete == false)
    let random = trial(.randomWalk, schedules: 20)
    #expect(random.searchComplete == nil && random.scenarios == 20)
  }

  @Test func randomWalkFindsTheLostUpdateAndABudgetCutSearchSaysSo() {
    let lost = SelfTestScheduledLostUpdate.explore(strategy: .randomWalk, schedules: 1_000)
    #expect(lost.verdict == .notLinearizable)
    let cut = FixedCacheModel.explore(strategy: .exhaustive(preemptions: 2), schedules: 3)
    // A search cut short is not a pass of its bound: `passed` is false, and `check` fails.
    #expect(cut.verdict == .cutShort && !cut.passed && !cut.exhausted, "\(cut.report)")
    #expect(cut.report.hasPrefix("search cut short: "))
    #expect(cut.report.contains("cut short at ten times the schedule budget"))
  }

  @Test func aCheckOutOfTimeIsUnknownNeverAPassAndDoesNotHideALaterFailure() throws {
    // A clock past every deadline: each history's check gives up at its first step.
    let unknown = Exploration<SelfTestScheduledAtomic>.run(
      strategy: .randomWalk, threads: 2, schedules: 20, seed: 1, stuckAfter: 2, now: { .max })
    #expect(unknown.verdict == .unknown, "\(unknown.report)")
    #expect(!unknown.passed && unknown.replay == nil)
    #expect(unknown.schedules == 20, "an unknown schedule does not end the exploration")
    #expect(unknown.report.hasPrefix("unknown: 20 schedules of 20 scenarios (.randomWalk, seed 1)"))
    #expect(unknown.report.contains("but 20 of the histories' checks ran out of their 0.5 s"))
    #expect(unknown.report.contains("the first: schedule 1 (scenario 0) of .randomWalk, seed 1"))
    #expect(unknown.report.contains("(replay token selftest-scheduled-atomic:2.1.0."))

    // Out of time once, then in time: the lost update is still found, and is the verdict.
    let first = Atomic<Bool>(true)
    let found = Exploration<SelfTestScheduledLostUpdate>.run(
      strategy: .randomWalk, threads: 2, schedules: 1_000, seed: 1, stuckAfter: 2,
      now: { first.exchange(false, ordering: .relaxed) ? .max : 0 })
    #expect(found.verdict == .notLinearizable, "\(found.report)")
    #expect(found.schedules > 1)
    // The engine hands the failure over as data, and words none of it: the reports do.
    let finding = try #require(found.finding)
    #expect(found.report.isEmpty && finding.replay == found.replay && finding.replay != nil)
    #expect(finding.strategy == .randomWalk && finding.seed == 1)
    #expect(finding.schedule == found.schedules && finding.scenario != nil)
    guard case .history(let switches) = finding.circumstance else {
      Issue.record("\(String(describing: finding.circumstance))")
      return
    }
    let steps = try #require(finding.interleaving)
    #expect(switches == zip(steps, steps.dropFirst()).filter { $0.thread != $1.thread }.count)

    // In a trial of `stress run --strategy`: ok, as a stress trial's unknowns are, and its
    // detail says why it is no pass.
    let spec = TrialSpec(
      subject: SelfTestScheduledAtomic.info.id, wrapper: "unprotected", threads: 2,
      readRatio: 0.5, bound: .ops(5), seed: 1, strategy: .randomWalk)
    let trial = ControlledTrial<SelfTestScheduledAtomic>.run(
      spec, strategy: .randomWalk, milestone: { _ in }, now: { .max })
    #expect(trial.outcome == .ok && trial.failures == 0 && trial.ops == 5)
    #expect(trial.detail.hasPrefix("unknown: 5 schedules of 5 scenarios"), "\(trial.detail)")
  }

  /// Arguments no exploration can run with are a `notRun` that says why: they used to trap
  /// (an infinite deadline, no operations) or be quietly changed (0 schedules ran 1).
  @Test(arguments: [
    ("no operations", "NoOperationsModel has no operations to explore"),
    ("an endless check", "ScenarioOptions.checkSeconds must be from 0 to 86,400 seconds, not inf"),
    ("0 schedules", "schedules must be at least 1, not 0"),
    ("0 threads", "threads must be at least 1, not 0"),
    ("an endless stuck deadline", "stuckAfter must be from 0 to 86,400 seconds, not inf"),
    ("negative seconds", "seconds must be a positive number, not -1.0"),
    ("depth 0", "PCT's depth must be at least 1, not 0"),
    ("-1 preemptions", "preemptions must be at least 0, not -1"),
  ])
  func argumentsNoExplorationCanRunWithAreRefusedNotTrappedOn(name: String, why: String) {
    let atomic = Exploration<SelfTestScheduledAtomic>.self
    let result =
      switch name {
      case "no operations": NoOperationsModel.explore()
      case "an endless check": EndlessCheckModel.explore()
      case "0 schedules": SelfTestScheduledAtomic.explore(schedules: 0)
      case "0 threads": SelfTestScheduledAtomic.explore(threads: 0)
      case "an endless stuck deadline": SelfTestScheduledAtomic.explore(stuckAfter: .infinity)
      case "negative seconds":
        atomic.run(
          strategy: .randomWalk, threads: 2, schedules: 5, seconds: -1, seed: 1, stuckAfter: 2)
      case "depth 0": SelfTestScheduledAtomic.explore(strategy: .pct(depth: 0))
      default: SelfTestScheduledAtomic.explore(strategy: .exhaustive(preemptions: -1))
      }
    #expect(result.verdict == .notRun, "\(name): \(result.report)")
    #expect(result.report == "not run: \(why)")
    #expect(result.schedules == 0)
  }

  @Test func aNondeterministicOperationIsABrokenTestNotARace() {
    let result = DieModel.explore(schedules: 50)
    #expect(result.verdict == .brokenTest, "\(result.report)")
    #expect(result.finding?.circumstance == .failsAlone && result.finding?.schedule == 1)
    #expect(result.finding?.scenario?.parallel.joined().contains { $0.call == "roll()" } == true)
    // A race is still a race: the lost update passes on one thread.
    let lost = SelfTestScheduledLostUpdate.explore(schedules: 1_000)
    #expect(lost.verdict == .notLinearizable, "\(lost.report)")
    // In a trial of `stress run --strategy`, an error of the test, as under stress.
    let trial = ControlledTrial<DieModel>.run(
      TrialSpec(
        subject: "die", wrapper: "unprotected", threads: 2, readRatio: 0.5, bound: .ops(5),
        seed: 1, strategy: .randomWalk), strategy: .randomWalk, milestone: { _ in })
    #expect(trial.outcome == .error && !trial.harnessFault, "\(trial)")
    #expect(trial.finding?.kind == .brokenTest && trial.finding?.circumstance == .failsAlone)
    #expect(trial.detail == "fails single-threaded (broken subject): ", "the finding is data")
  }

  /// A call of the initial or post part runs on the explorer's thread, outside the scheduler:
  /// one that blocks is reported after `stuckAfter`, not waited for forever.
  @Test func aCallThatBlocksOutsideTheParallelPartIsReportedNotWaitedFor() {
    SelfTestBlocksAlone.release.store(false, ordering: .releasing)
    defer { SelfTestBlocksAlone.release.store(true, ordering: .releasing) }
    let initial = SelfTestScheduledBlocksAlone.explore(schedules: 100, stuckAfter: 0.3)
    #expect(initial.verdict == .brokenTest, "\(initial.report)")
    #expect(
      initial.finding?.circumstance == .blocked(.init(.initial, call: "pass()", seconds: 0.3)),
      "\(initial.report)")
    #expect(initial.finding?.scenario?.initial.first?.call == "pass()")
    let post = BlockingPostModel.explore(schedules: 100, stuckAfter: 0.3)
    #expect(post.verdict == .stuck, "\(post.report)")
    #expect(
      post.finding?.circumstance == .blocked(.init(.post, call: "pass()", seconds: 0.3)),
      "\(post.report)")
    let check = BlockingCheckModel.explore(schedules: 100, stuckAfter: 0.3)
    #expect(check.verdict == .brokenTest, "\(check.report)")
    guard case .blocked(let blocked) = check.finding?.circumstance else {
      Issue.record("\(check.report)")
      return
    }
    // A check is given its own time first (ScenarioOptions.checkSeconds).
    #expect(blocked.part == .check && blocked.seconds > 0.3, "\(check.report)")
    #expect(check.finding?.schedule == 1 && check.finding?.strategy == .randomWalk)
  }

  /// A token says what it replays, and one that is not this test's, or not the schedule it
  /// records, is said to be so: never a faithful replay, never the code's failure.
  @Test func aTokenReplaysOnlyItsOwnTestAndOnlyItsOwnChoices() throws {
    let found = RacyCacheModel.explore(strategy: .pct(depth: 2), schedules: 200, seed: 3)
    let token = try #require(found.replay.flatMap(ReplayToken.init))
    #expect(
      token.subject == RacyCacheModel.info.id && found.replay?.hasPrefix(token.subject!) == true)
    // Another test's token is refused, with both names.
    let other = FixedCacheModel.explore(strategy: .replay(token.description))
    #expect(other.verdict == .notRun)
    #expect(
      other.report.contains("is \(RacyCacheModel.info.id)'s, not \(FixedCacheModel.info.id)'s"))
    // Cut short or altered: its check digits refuse it.
    for text in [String(token.description.dropLast()), token.description + "0"] {
      let cut = RacyCacheModel.explore(strategy: .replay(text))
      #expect(cut.verdict == .notRun && cut.report.contains("check digits do not match"))
    }
    // A token of the older form (no subject, no check) with a choice added: the failing
    // schedule did not make it, so the replay diverged, even though the schedule failed.
    var extended = token
    extended.subject = nil
    extended.choices.append(0)
    let diverged = RacyCacheModel.explore(strategy: .replay(extended.description))
    #expect(diverged.verdict == .replayDiverged, "\(diverged.report)")
    extended.choices.removeLast()
    #expect(
      RacyCacheModel.explore(strategy: .replay(extended.description)).verdict == .notLinearizable)
  }

  @Test func aTokenThatIsNoneIsNotRunAndOutsideARunThePrimitivesArePlain() {
    #expect(RacyCacheModel.explore(strategy: .replay("nonsense")).verdict == .notRun)
    // No scheduler here: the lock, atomic, queue and condition act as Foundation's.
    let lock = ScheduledLock()
    lock.lock()
    #expect(!NSLockProbe.isFree(lock))
    lock.unlock()
    let atomic = ScheduledAtomicInt(5)
    #expect(atomic.add(2) == 7 && atomic.compareExchange(expected: 7, desired: 1) == (true, 7))
    #expect(ScheduledQueue(label: "q").sync { 42 } == 42)
    let condition = ScheduledCondition()
    condition.lock()
    #expect(!condition.wait(until: Date(timeIntervalSinceNow: 0.01)))
    condition.unlock()
  }
}

/// Whether a lock is free, asked from another thread.
enum NSLockProbe {
  static func isFree(_ lock: ScheduledLock) -> Bool {
    let free = Atomic<Bool>(false)
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let lock = lock
    Thread.detachNewThread {
      // A try would be the honest probe; a scheduled lock has none, so take it with a
      // deadline's worth of patience through a helper thread.
      let taken = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        lock.lock()
        lock.unlock()
        taken.signal()
      }
      free.store(taken.wait(timeout: .now() + 0.05) == .success, ordering: .releasing)
      done.signal()
    }
    done.wait()
    return free.load(ordering: .acquiring)
  }
}
