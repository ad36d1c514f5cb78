import Foundation
import StressReports
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine
@testable import StressKitModel

/// Model tests run in this process: scenarios, the outcome cache, detection, shrinking, the
/// scenario table and the unknown count, each with a self-test type whose behaviour is fixed.
@Suite struct ModelTrialTests {
  let catalog = Catalog.standard

  func spec(
    _ subject: String, _ wrapper: String = "unprotected", threads: Int = 2,
    bound: Bound = .ops(300), seed: UInt64 = 7
  ) -> TrialSpec {
    TrialSpec(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: 0.5, bound: bound,
      seed: seed)
  }

  @Test func scenariosAreSeededAndShapedByTheOptions() {
    let options = ScenarioOptions(operationsPerThread: 4, initialOperations: 2, postOperations: 3)
    let operations = SelfTestCheckThenActCache.operations
    func draw(_ seed: UInt64) -> [Scenario] {
      var random = SplitMix64(seed: seed)
      return (0..<50).map { _ in
        Scenario.random(operations, threads: 3, options: options, readRatio: 0.5, using: &random)
      }
    }
    let scenarios = draw(1)
    #expect(scenarios == draw(1))
    #expect(scenarios != draw(2))
    for s in scenarios {
      #expect(s.parallel.count == 3 && s.parallel.allSatisfy { $0.count == 4 })
      #expect(s.initial.count <= 2 && s.post.count <= 3)
      #expect(
        s.lanes.joined().allSatisfy { (0..<2).contains($0.choices[0]) })
    }
    // Both bounds are reached, so the parts vary.
    #expect(Set(scenarios.map(\.initial.count)) == [0, 1, 2])
    #expect(Set(scenarios.map(\.post.count)) == [0, 1, 2, 3])
  }

  @Test func resultsCompareByValueAndShowAsWritten() {
    // Words (Int, Bool, Int?) and boxed values alike.
    #expect(ModelValue(3) == ModelValue(3) && ModelValue(3) != ModelValue(4))
    #expect(
      ModelValue(Int?.none) != ModelValue(Int?(0)) && ModelValue(Int?(5)) == ModelValue(5 as Int?))
    #expect(ModelValue(true) != ModelValue(false))
    #expect(ModelValue("a") == ModelValue("a") && ModelValue("a") != ModelValue("b"))
    #expect(Set([ModelValue(1), ModelValue(1), ModelValue(Int?(1)), ModelValue("1")]).count == 3)
    #expect(ModelValue.noResult.isNoResult && !ModelValue(0).isNoResult)
    let shown = [
      ModelValue(-7), ModelValue(true), ModelValue(Int?.none), ModelValue(Int?(2)), ModelValue("x"),
      ModelValue(UInt8(9)), ModelValue(String?("y")),
    ].map(Scenario.describe)
    #expect(shown == ["-7", "true", "nil", "2", "\"x\"", "9", "\"y\""])
  }

  @Test func equalAnswersAndOnlyEqualOnesShareANumber() {
    // Small values are numbered by table, the rest by hash: both in one numbering.
    let spec = SequentialSpecification(
      operations: SelfTestSplitCounter.operations, calls: [],
      make: { SelfTestSplitCounter(split: false) },
      state: { _ in nil })
    let values = [
      ModelValue(0), ModelValue(63), ModelValue(64), ModelValue(-1), ModelValue(Int.max),
      ModelValue(false), ModelValue(true), ModelValue(Int?.none), ModelValue(Int?(0)),
      ModelValue(Int?(64)), ModelValue.noResult, ModelValue("0"), ModelValue(UInt8(0)),
    ]
    let numbers = values.map(spec.number)
    #expect(Set(numbers).count == values.count)
    #expect(values.map(spec.number) == numbers)
    #expect(spec.number(of: ModelValue(63)) == numbers[1])
    #expect(spec.number(of: ModelValue(Int.max)) == numbers[4])
    #expect(spec.number(of: ModelValue(Int?(0))) == numbers[8])
    #expect(ModelValue(0).compactIndex != nil && ModelValue(64).compactIndex == nil)
    #expect(values.compactMap(\.compactIndex).allSatisfy { $0 < ModelValue.compactCount })
  }

  @Test func theReadRatioChoosesBetweenReadsAndWrites() {
    var random = SplitMix64(seed: 3)
    let operations = SelfTestCheckThenActCache.operations
    for ratio in [0.0, 1.0] {
      let s = Scenario.random(
        operations, threads: 2, options: ScenarioOptions(operationsPerThread: 20), readRatio: ratio,
        using: &random)
      #expect(s.lanes.joined().allSatisfy { operations[$0.operation].isRead == (ratio == 1) })
    }
  }

  @Test func theSpecificationAnswersAsASequentialRunAndMergesEqualStates() {
    let calls = [
      Scenario.Call(operation: 0, choices: []), Scenario.Call(operation: 1, choices: []),
    ]
    func specification(merging: Bool) -> SequentialSpecification {
      SequentialSpecification(
        operations: SelfTestSplitCounter.operations, calls: calls,
        make: { SelfTestSplitCounter(split: false) },
        state: { merging ? AnyHashable($0.get()) : nil })
    }
    let spec = specification(merging: false)
    let one = spec.step(spec.root, 0, ModelValue(1))
    #expect(one != nil)
    #expect(spec.step(spec.root, 0, ModelValue(2)) == nil)
    #expect(one.flatMap { spec.step($0, 1, ModelValue(1)) } != nil)
    // Off the current path, the state is rebuilt by replaying its path.
    let two = one.flatMap { spec.step($0, 0, ModelValue(2)) }
    #expect(two != nil)
    #expect(spec.step(spec.root, 1, ModelValue(0)) != nil)
    #expect(two.flatMap { spec.step($0, 1, ModelValue(2)) } != nil)
    // A read leaves the state as it was: with states compared, it is the same node.
    let merged = specification(merging: true)
    let afterRead = merged.step(merged.root, 1, ModelValue(0))
    #expect(afterRead == merged.root)
    #expect(spec.explored > merged.explored)
  }

  /// Two increments on two threads, each invocation's records as given: per invocation,
  /// (lane, answer, call, response) of each lane's one call.
  func increments(_ invocations: [[(Int, Int, UInt64, UInt64)]])
    -> ModelInvocations<SelfTestModelCounterFixed>
  {
    let batch = ModelInvocations<SelfTestModelCounterFixed>(
      Self.twoIncrements, operations: SelfTestSplitCounter.operations,
      invocations: invocations.count)
    for (invocation, records) in invocations.enumerated() {
      for (lane, answer, call, response) in records {
        batch.slot(lane: lane, invocation: invocation, index: 0).pointee = ModelRecord(
          result: ModelValue(answer), call: call, response: response)
      }
    }
    return batch
  }

  static let twoIncrements = Scenario(
    initial: [], parallel: [[.init(operation: 0)], [.init(operation: 0)]], post: [])

  var twoIncrementsChecker: ScenarioChecker<SelfTestModelCounterFixed> {
    ScenarioChecker(Self.twoIncrements, operations: SelfTestSplitCounter.operations)
  }

  func fails(_ verdict: ScenarioChecker<SelfTestModelCounterFixed>.Checker.Verdict) -> Bool {
    if case .notLinearizable = verdict { true } else { false }
  }

  @Test func anOutcomeInTheOrderItsCallsAnsweredNeedsNoCheck() throws {
    // Under a lock each call takes effect in the order it answers: one walk down the
    // specification's tree answers every invocation, with no outcome checked.
    let call = Scenario.Call(operation: 0)
    let scenario = Scenario(
      initial: [call], parallel: [[call, .init(operation: 1)], [call, call]], post: [call])
    let (locked, _) = try ModelTrial<SelfTestModelCounterFixed>.execute(
      scenario, 50, LockWrapper(), pin: false, onStart: nil)
    let checker = ScenarioChecker<SelfTestModelCounterFixed>(
      scenario, operations: SelfTestSplitCounter.operations)
    for i in 0..<50 {
      #expect(checker.check(locked, invocation: i, seconds: 1) == .linearizable)
    }
    #expect(checker.checks == 0)
    #expect(locked.record(lane: 3, invocation: 7, index: 0).result == ModelValue(5))
  }

  @Test func answersWithNoCompactIndexAreWalkedByTheirNumber() throws {
    // Strings have no compact index: records carry none, and the walk numbers them by hash.
    #expect(ModelRecord(result: ModelValue("#1")).compact == -1)
    var record = ModelRecord(result: ModelValue(3))
    #expect(record.compact == Int32(ModelValue(3).compactIndex!))
    record.result = ModelValue("#3")
    #expect(record.compact == -1)
    let call = Scenario.Call(operation: 0)
    let scenario = Scenario(initial: [call], parallel: [[call, call], [call]], post: [call])
    let (locked, _) = try ModelTrial<LabelledCounter>.execute(
      scenario, 20, LockWrapper(), pin: false, onStart: nil)
    let checker = ScenarioChecker<LabelledCounter>(scenario, operations: LabelledCounter.operations)
    for i in 0..<20 {
      #expect(checker.check(locked, invocation: i, seconds: 1) == .linearizable)
    }
    #expect(checker.checks == 0)
    #expect(locked.record(lane: 3, invocation: 4, index: 0).result == ModelValue("#5"))
    // The same labels, one answered twice: no order explains it.
    locked.slot(lane: 1, invocation: 0, index: 0).pointee.result = ModelValue("#2")
    locked.slot(lane: 0, invocation: 0, index: 0).pointee.result = ModelValue("#2")
    #expect(checker.check(locked, invocation: 0, seconds: 1) != .linearizable)
  }

  @Test func aTestThatTellsStatesApartSharesOneSpecificationAcrossScenarios() throws {
    // The counter's calls are increment and get: two in all, so one tree serves every
    // scenario, and a second scenario over the same states explores none.
    let shared = try #require(
      SharedSpecification.make(SelfTestModelCounterStates.self, SelfTestSplitCounter.operations))
    #expect(shared.calls == [.init(operation: 0), .init(operation: 1)])
    let call = Scenario.Call(operation: 0)
    let first = Scenario(initial: [call], parallel: [[call, call], [call]], post: [])
    let second = Scenario(initial: [], parallel: [[call], [call, call]], post: [call])
    for scenario in [first, second] {
      let (locked, _) = try ModelTrial<SelfTestModelCounterStates>.execute(
        scenario, 20, LockWrapper(), pin: false, onStart: nil)
      let checker = ScenarioChecker<SelfTestModelCounterStates>(
        scenario, operations: SelfTestSplitCounter.operations, shared: shared)
      for i in 0..<20 {
        #expect(checker.check(locked, invocation: i, seconds: 1) == .linearizable)
      }
    }
    // The states 0 to 4: increments only, each explored once for both scenarios.
    #expect(shared.specification.explored == 5)
    // States never merged, or too many calls: nothing shared.
    #expect(
      SharedSpecification.make(SelfTestModelCounterFixed.self, SelfTestSplitCounter.operations)
        == nil)
    let wide = [
      ModelOperation<SelfTestSplitCounter>.write("add", 0..<16, 0..<17) { counter, _, _ in
        counter.increment()
      }
    ]
    #expect(SharedSpecification.make(SelfTestModelCounterStates.self, wide) == nil)
  }

  @Test func aRepeatedOutcomeIsCheckedOnce() {
    // Two overlapping increments that both answered 1: a lost update, ten times alike.
    let lost = increments(Array(repeating: [(0, 1, 0, 10), (1, 1, 5, 15)], count: 10))
    let checker = twoIncrementsChecker
    for i in 0..<10 { #expect(fails(checker.check(lost, invocation: i, seconds: 1))) }
    #expect(checker.checks == 1)
  }

  @Test func answersThatFitAnotherOrderAreCheckedOnceWhileThatOrderKeepsRealTime() {
    // Lane 0 answered 2 first, lane 1 answered 1 after: the answered order does not fit, the
    // other does while the calls overlap (0 and 1), and no longer once lane 0 had answered
    // before lane 1 was called (2).
    let batch = increments([
      [(0, 2, 0, 10), (1, 1, 5, 15)],
      [(0, 2, 0, 20), (1, 1, 3, 25)],
      [(0, 2, 0, 10), (1, 1, 12, 15)],
    ])
    let checker = twoIncrementsChecker
    #expect(checker.check(batch, invocation: 0, seconds: 1) == .linearizable)
    #expect(checker.check(batch, invocation: 1, seconds: 1) == .linearizable)
    #expect(checker.checks == 1)
    #expect(fails(checker.check(batch, invocation: 2, seconds: 1)))
    #expect(checker.checks == 2)
  }

  @Test func anInvocationOverlapsOnlyWhereTwoThreadsRanAtOnce() {
    let call = Scenario.Call(operation: 0)
    let scenario = Scenario(initial: [], parallel: [[call, call], [call]], post: [call])
    let batch = ModelInvocations<SelfTestModelCounterFixed>(
      scenario, operations: SelfTestSplitCounter.operations, invocations: 5)
    // Per invocation, (lane, index, call, response) of its calls; lanes 0 and 1 are the
    // parallel part, lane 3 the post part.
    let invocations: [[(Int, Int, UInt64, UInt64)]] = [
      // 0: lane 1 ran after lane 0 had answered both its calls.
      [(0, 0, 0, 10), (0, 1, 30, 40), (1, 0, 45, 55)],
      // 1: lane 1's call fell between lane 0's two: they took turns, as under a lock.
      [(0, 0, 0, 10), (0, 1, 30, 40), (1, 0, 15, 25)],
      // 2: lane 1's call overlapped lane 0's second.
      [(0, 0, 0, 10), (0, 1, 30, 40), (1, 0, 20, 35)],
      // 3: only the post part's call overlapped a parallel one, which no race can cause.
      [(0, 0, 0, 10), (0, 1, 30, 40), (1, 0, 50, 60), (3, 0, 5, 55)],
      // 4: lane 0's first call answered when its block ended, after lane 1's call was made.
      [(0, 0, 0, 50), (0, 1, 30, 40), (1, 0, 45, 48)],
    ]
    for (invocation, calls) in invocations.enumerated() {
      for (lane, index, call, response) in calls {
        let slot = batch.slot(lane: lane, invocation: invocation, index: index)
        slot.pointee.call = call
        slot.pointee.response = response
      }
    }
    #expect(
      (0..<5).map { batch.overlapped(invocation: $0) } == [false, true, true, false, true])
  }

  @Test func aTrialWithAPowerToReachRunsPastItsBoundUntilItsThreadsRanAtOnce() {
    // Bound to a millisecond, the trial stops after its first batch of 256 invocations (and,
    // asked for no power, counts no overlap); told to see 600 invocations whose threads ran
    // at once, more than one batch's worth, it runs on past its bound until it has.
    let spec = spec("selftest-model-counter-fixed", "mutex", bound: .seconds(0.001))
    let plain = ModelTrial<SelfTestModelCounterFixed>.run(
      spec, MutexWrapper.self, power: nil, milestone: { _ in })
    #expect(plain.result.outcome == .ok)
    #expect(plain.report.invocations <= 256 && plain.report.overlapped == 0)
    let powered = ModelTrial<SelfTestModelCounterFixed>.run(
      spec, MutexWrapper.self, power: .init(overlaps: 600, seconds: 120), milestone: { _ in })
    #expect(powered.result.outcome == .ok)
    #expect(powered.report.overlapped >= 600, "\(powered.report)")
    #expect(powered.report.invocations >= powered.report.overlapped)
  }

  @Test func anOrderThatFittedIsReusedOnlyWhereItKeepsRealTimeOrder() {
    // Call 0 answered at 10, call 1 was made at 20: 0 must come first.
    let records = [
      ModelRecord(result: ModelValue(1), call: 0, response: 10),
      ModelRecord(result: ModelValue(2), call: 20, response: 30),
    ]
    typealias Checker = ScenarioChecker<SelfTestModelCounterFixed>
    func keeps(_ order: [Int], _ records: [ModelRecord]) -> Bool {
      Checker.keeps(order) { (records[$0].call, records[$0].response) }
    }
    #expect(keeps([0, 1], records))
    #expect(!keeps([1, 0], records))
    // Overlapping, either order fits.
    let overlapping = [records[0], ModelRecord(result: ModelValue(2), call: 5, response: 30)]
    #expect(keeps([1, 0], overlapping) && keeps([0, 1], overlapping))
  }

  @Test func incrementsOnTwoThreadsThatBothAnswerOneAreCorruptWithTheShrunkScenario() throws {
    let spec = spec("selftest-model-per-thread", bound: .ops(60))
    let result = Trial.run(spec, catalog: catalog)
    #expect(result.outcome == .corrupt)
    #expect((result.failures ?? 0) >= 1)
    // The finding is data: the run's failures, its seed, two increments that answered 1.
    let finding = try #require(result.finding)
    #expect(finding.kind == .notLinearizable && finding.seed == 7)
    guard case .invocations(let failed, _, _) = finding.circumstance else {
      Issue.record("\(String(describing: finding.circumstance))")
      return
    }
    #expect(failed == result.failures)
    let answered = (finding.scenario?.parallel.joined()).map(Array.init) ?? []
    #expect(answered.filter { $0 == Finding.Call("increment()", answer: "1") }.count == 2)
    // Worded by the reports, with the command that runs the trial again.
    let detail = FindingText.command(for: spec).detail(result)
    // The stress trial's own words, up to its replay: the controlled scheduler's follow.
    let all = detail.split(separator: "\n").map(String.init)
    let replay = try #require(all.firstIndex { $0.hasPrefix("replay: ") })
    let lines = Array(all[...replay])
    let headline = try #require(lines.first)
    #expect(headline.hasPrefix("not linearizable: scenario "))
    #expect(headline.contains("of seed 7 failed in"))
    // The table: its header, its rule, then rows, and two increments that answered 1.
    #expect(lines.count >= 5, "\(detail)")
    #expect(
      lines.dropFirst().prefix(2).allSatisfy { $0.hasPrefix("| part ") || $0.hasPrefix("|---") })
    let cells = lines.dropFirst(3).dropLast().flatMap { $0.split(separator: "|") }
    #expect(cells.filter { $0.trimmingCharacters(in: .whitespaces) == "increment(): 1" }.count == 2)
    #expect(lines.last?.hasPrefix("replay: \(FindingText.program) run ") == true)
    #expect(
      lines.last?.contains(
        "--subjects selftest-model-per-thread --wrappers unprotected --threads 2") == true)
    #expect(lines.last?.hasSuffix("--ops 60 --trials 1 --warmup 0 --seed 7") == true)
  }

  @Test func theFixedCounterPassesUnderALockAndThePerThreadOneStillFails() {
    // Under a lock every call is serialized, yet two threads' increments still both answer
    // 1: the per-thread counter fails under any wrapper, as a broken type should.
    let result = Trial.run(
      spec("selftest-model-per-thread", "lock", bound: .ops(60)), catalog: catalog)
    #expect(result.outcome == .corrupt, "\(result.detail)")
    let fixed = Trial.run(
      spec("selftest-model-counter-fixed", "lock", bound: .ops(60)), catalog: catalog)
    #expect(fixed.outcome == .ok, "\(fixed.detail)")
    #expect(fixed.failures == 0)
    #expect((fixed.ops ?? 0) > 0 && fixed.ops == (fixed.reads ?? 0) + (fixed.writes ?? 0))
  }

  @Test func aTypeThatFailsOnOneThreadIsABrokenTest() {
    let result = Trial.run(spec("selftest-model-broken"), catalog: catalog)
    #expect(result.outcome == .error)
    #expect(!result.harnessFault)
    #expect(result.finding?.kind == .brokenTest && result.finding?.circumstance == .answersAlone)
    let detail = FindingText.command(for: spec("selftest-model-broken")).detail(result)
    #expect(detail.hasPrefix("fails single-threaded (broken subject): on one thread"))
    #expect(detail.contains("| increment(): "))
  }

  @Test func aModelTrialRunsItsSanityPassAsTheSpecAsks() {
    var broken = spec("selftest-model-broken")
    broken.sanity = .only
    #expect(Trial.run(broken, catalog: catalog).outcome == .error)
    broken.sanity = .skipped
    let skipped = Trial.run(broken, catalog: catalog)
    #expect(!skipped.detail.hasPrefix("fails single-threaded"), "\(skipped.detail)")
    var fixed = spec("selftest-model-counter-fixed")
    fixed.sanity = .only
    let alone = Trial.run(fixed, catalog: catalog)
    #expect(alone.outcome == .ok && alone.ops == 0)
  }

  @Test func checksThatRunOutOfTimeAreCountedUnknownNeverPassedOrFailed() {
    let result = Trial.run(spec("selftest-model-no-time", bound: .ops(300)), catalog: catalog)
    #expect(result.outcome == .ok)
    #expect(result.failures == 0)
    // 100 invocations of one scenario: each distinct outcome checked, none verified, so none
    // is found in the cache either.
    let detail = result.detail
    #expect(
      detail.hasSuffix(
        " distinct outcomes that needed a search unknown: their checks ran out of time (0.0 s each), so they were neither passed nor failed"
      ))
    let counts = detail.split(separator: " ").prefix(3)
    #expect(
      counts.count == 3 && counts[counts.startIndex] == counts[counts.startIndex + 2], "\(detail)")
  }

  @Test func shrinkingDropsThreadsAndCallsWhileTheScenarioStillFails() throws {
    typealias Trial = ModelTrial<SelfTestModelPerThread>
    let inc = Scenario.Call(operation: 0)
    let get = Scenario.Call(operation: 1)
    let scenario = Scenario(
      initial: [get, inc], parallel: [[get, inc, get], [inc, get], [get, get]], post: [get])
    let execute: Trial.Execute = { scenario, invocations, onStart throws(Trial.Fault) in
      try Trial.execute(scenario, invocations, Unprotected(), pin: false, onStart: onStart)
    }
    let options = SelfTestModelPerThread.scenarios
    let shrunk = Trial.minimize(.init(scenario: scenario, results: []), options, execute)
    // Drop thread 1, the post call, each thread's later calls, then the initial get: what is
    // left still has two threads incrementing (the initial part's and thread 2's).
    #expect(shrunk.scenario == Scenario(initial: [inc], parallel: [[], [inc], [get]], post: []))
    #expect(shrunk.results.count == 5)
    #expect(shrunk.results[3] == [ModelValue(1)] && shrunk.results[1] == [ModelValue(1)])
    // And nothing smaller fails.
    for smaller in Trial.smaller(shrunk.scenario) {
      #expect(try Trial.reproduce(smaller, options, execute) == nil, "\(smaller)")
    }
  }

  @Test func theTableHasAColumnPerThreadAndThePartsInOrder() {
    let operations = SelfTestCheckThenActCache.operations
    let scenario = Scenario(
      initial: [.init(operation: 0, choices: [1])],
      parallel: [
        [.init(operation: 1, choices: [0])], [],
        [
          .init(operation: 0, choices: [0]),
          .init(operation: 1, choices: [1]),
        ],
      ], post: [])
    let results: [[ModelValue]] = [
      [ModelValue(Int?.none)], [], [ModelValue(2), ModelValue(Int?(1))], [ModelValue(1)], [],
    ]
    let table = FindingText.table(
      ScenarioTable.finding(scenario, results: results, operations: operations))
    #expect(
      table.split(separator: "\n") == [
        "| part     | thread 1          | thread 2          |",
        "|----------|-------------------|-------------------|",
        "| init     | getOrCreate(1): 1 |                   |",
        "| parallel | get(0): nil       | getOrCreate(0): 2 |",
        "|          |                   | get(1): 1         |",
      ])
  }
}

/// A counter whose increments answer labels ("#1", "#2"...): results with no compact index.
final class LabelledCounter: @unchecked Sendable {
  private let value = Atomic<Int>(0)
  func increment() -> String { "#\(value.add(1, ordering: .relaxed).newValue)" }
}

extension LabelledCounter: ModelTest {
  static let info = SubjectInfo(
    id: "test-labelled-counter", summary: "increments answer labels", documented: .notListed)
  static func make() -> LabelledCounter { LabelledCounter() }
  static var operations: [ModelOperation<LabelledCounter>] {
    [.write("increment") { $0.increment() }]
  }
}

/// One case at a time: each sets `BadOptionsCounter.options`.
@Suite(.serialized) struct BadScenarioOptionsTests {
  /// Options no trial can run with are the test's own mistake, said in the trial's detail: a
  /// negative or NaN check time answered nothing and let the lost update pass, and an infinite
  /// one trapped.
  @Test(arguments: [
    (ScenarioOptions(checkSeconds: -1), "checkSeconds must be from 0 to 86,400 seconds, not -1.0"),
    (ScenarioOptions(checkSeconds: .nan), "checkSeconds must be from 0 to 86,400 seconds, not nan"),
    (ScenarioOptions(checkSeconds: .infinity), "checkSeconds must be from 0 to 86,400 seconds"),
    (
      ScenarioOptions(minimizationSeconds: .infinity),
      "minimizationSeconds must be from 0 to 86,400 seconds, not inf"
    ),
    (
      ScenarioOptions(operationsPerThread: 1_000_000),
      "operationsPerThread must be from 1 to 1000, not 1000000"
    ),
    (ScenarioOptions(initialOperations: -1), "initialOperations must be from 0 to 1000, not -1"),
    (ScenarioOptions(invocations: 0), "invocations must be at least 1, not 0"),
  ])
  func optionsNoTrialCanRunWithBreakTheTestNotTheRun(options: ScenarioOptions, why: String) {
    #expect(options.problem?.hasPrefix(why) == true, "\(options.problem ?? "none")")
    // A trial of the lost-update counter with them, through the stress run's own path.
    BadOptionsCounter.options = options
    let trial = ModelTrial<BadOptionsCounter>.run(
      TrialSpec(
        subject: "selftest-model-counter", wrapper: "unprotected", threads: 2, readRatio: 0.5,
        bound: .ops(300), seed: 7), Unprotected.self, power: nil, milestone: { _ in })
    #expect(trial.result.outcome == .error, "\(trial.result)")
    #expect(trial.result.detail.contains("its ScenarioOptions' \(why)"), "\(trial.result.detail)")
    #expect(ScenarioOptions().problem == nil)
  }

}

/// The lost-update counter with the options a test sets: one test at a time sets them.
enum BadOptionsCounter: ModelTest {
  nonisolated(unsafe) static var options = ScenarioOptions()
  static let info = SelfTestModelCounter.info
  static var scenarios: ScenarioOptions { options }
  static func make() -> SelfTestSplitCounter { SelfTestModelCounter.make() }
  static let operations = SelfTestModelCounter.operations
}

/// A counter that records the thread each of its instances died on.
final class DeinitCounter: @unchecked Sendable {
  static let threads = Mutex<[pthread_t]>([])
  let value = Atomic<Int>(0)
  deinit { Self.threads.withLock { $0.append(pthread_self()) } }
}

/// A model test of `DeinitCounter`, to see where a model trial's instances die.
enum DeinitCounterModel: ModelTest {
  static let info = SubjectInfo(
    id: "test-model-deinit", summary: "test: records the thread its instances die on",
    documented: .notListed, traits: [.hidden])
  static func make() -> DeinitCounter { DeinitCounter() }
  static var operations: [ModelOperation<DeinitCounter>] {
    [
      .write("add") { $0.value.add(1, ordering: .relaxed) },
      .read("get") { $0.value.load(ordering: .relaxed) },
    ]
  }
}

@Suite struct ModelTrialInstancesTests {
  /// The lanes' threads end the moment they leave: were one to hold the invocations past the
  /// trial, it would let go of them last, on its way out, and their deinits would run there.
  @Test func aModelTrialsInstancesDieWithItOnItsOwnThread() throws {
    let call = Scenario.Call(operation: 0)
    let read = Scenario.Call(operation: 1)
    let scenario = Scenario(
      initial: [call], parallel: [[call, read], [call], [read, call], [call]], post: [read])
    let me = pthread_self()
    for _ in 1...20 {
      DeinitCounter.threads.withLock { $0 = [] }
      do {
        _ = try ModelTrial<DeinitCounterModel>.execute(
          scenario, 10, LockWrapper(), pin: false, onStart: nil)
      }
      let threads = DeinitCounter.threads.withLock { $0 }
      #expect(threads.count == 10 && threads.allSatisfy { pthread_equal($0, me) != 0 })
    }
  }
}
