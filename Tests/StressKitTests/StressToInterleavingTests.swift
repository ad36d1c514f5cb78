import StressKitCore
import Testing

@testable import StressKitEngine
@testable import StressKitModel
@testable import StressReports

/// A counter whose increment loads a `ScheduledAtomic`, then stores one more: a lost update,
/// found under stress and, its shrunk scenario explored, under the controlled scheduler.
final class ScheduledSplitCounter: @unchecked Sendable {
  private let value = ScheduledAtomic<Int>(0, name: "value")

  func increment() -> Int {
    let next = value.load(ordering: .relaxed) + 1
    value.store(next, ordering: .relaxed)
    return next
  }
}

enum ScheduledSplitCounterModel: ModelTest {
  static let info = SubjectInfo(id: "test-scheduled-split", summary: "", documented: .notListed)
  static func make() -> ScheduledSplitCounter { ScheduledSplitCounter() }
  static let operations: [ModelOperation<ScheduledSplitCounter>] = [
    .write("increment") { $0.increment() }
  ]
}

/// Issue 53, point 5: a model test that fails under stress has its shrunk scenario explored
/// under the controlled scheduler, and a schedule that fails the same way gives the finding its
/// interleaving and a replay token.
@Suite(.serialized) struct StressToInterleavingTests {
  /// The first failing trial under stress, unprotected, of up to 20 seeds.
  func failure<M: ModelTest>(_: M.Type, id: String) -> Finding? {
    for seed: UInt64 in 1...20 {
      let spec = TrialSpec(
        subject: id, wrapper: "unprotected", threads: 2, readRatio: 0.5,
        bound: .seconds(0.5), seed: seed)
      let trial = ModelTrial<M>.run(spec, Unprotected.self, power: nil, milestone: { _ in })
      if trial.result.outcome == .corrupt { return trial.result.finding }
    }
    return nil
  }

  @Test func aStressFailureOnScheduledPrimitivesGetsItsInterleavingAndAReplay() throws {
    let finding = try #require(failure(ScheduledSplitCounterModel.self, id: "test-scheduled-split"))
    guard case .found(let explored)? = finding.explained else {
      Issue.record("\(String(describing: finding.explained))")
      return
    }
    #expect(explored.kind == .notLinearizable)
    #expect(explored.interleaving?.contains { $0.primitive == "value" } == true)
    // The token spells the shrunk scenario itself, and replays the same failing schedule.
    let token = try #require(explored.replay)
    #expect(ReplayToken(token)?.calls != nil, "\(token)")
    let replayed = Exploration<ScheduledSplitCounterModel>.run(
      strategy: .replay(token), threads: 2, schedules: 1, seed: 0, stuckAfter: 2)
    #expect(replayed.verdict == .notLinearizable, "\(replayed.report)")
    #expect(replayed.finding?.interleaving == explored.interleaving)
    // The report shows both: the stress table, then the interleaving and its replay command.
    let text = FindingText.command(
      for: .init(
        subject: "test-scheduled-split", wrapper: "unprotected", threads: 2, readRatio: 0.5,
        bound: .ops(10), seed: 1)
    ).words(finding)
    #expect(text.contains("the shrunk scenario fails the same way"), "\(text)")
    #expect(text.contains("--strategy replay:\(token)"), "\(text)")
  }

  @Test func aStressFailureOnPlainPrimitivesSaysWhyItWasNotExplored() throws {
    let finding = try #require(failure(SelfTestModelCounter.self, id: "selftest-model-counter"))
    guard case .blind(let schedules)? = finding.explained else {
      Issue.record("\(String(describing: finding.explained))")
      return
    }
    #expect(schedules == 100)
  }

  @Test func aTokenSpellsAGivenScenarioAndRefusesOneThatDoesNotFit() {
    let scenario = Scenario(
      initial: [.init(operation: 0)], parallel: [[.init(operation: 0)], []], post: [])
    let token = ReplayToken(
      subject: "a-test", threads: 2, seed: 7, scenario: 0, calls: scenario, choices: [1, 0])
    #expect(ReplayToken(token.description) == token, "\(token)")
    let wrong = ReplayToken(
      subject: ScheduledSplitCounterModel.info.id, threads: 2, seed: 7, scenario: 0,
      calls: Scenario(initial: [], parallel: [[.init(operation: 3)], []], post: []),
      choices: [])
    let refused = Exploration<ScheduledSplitCounterModel>.run(
      strategy: .replay(wrong.description), threads: 2, schedules: 1, seed: 0, stuckAfter: 2)
    #expect(refused.verdict == .notRun && refused.report.contains("no operation 3"))
  }
}
