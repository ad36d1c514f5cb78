import Foundation
import FoundationSubjects
import StressTestSupport
import Testing

@testable import StressKit

/// Expectations known by construction, and the Sendable conformance as the compiler sees it.
@Suite struct ExpectationTests {
  final class NotSendable {}

  @Test func sendabilityIsWhatTheCompilerSays() {
    #expect(Sendability.of(Int.self))
    #expect(Sendability.of([String].self))
    #expect(!Sendability.of(NotSendable.self))
  }

  @Test func anExpectationCoversItsWrappers() {
    let bare = WrapperInfo(id: "unprotected", summary: "", isProtected: false)
    let lock = WrapperInfo(id: "lock", summary: "")
    let unprotected = Expectation.neverFails(.unprotected, because: "r")
    #expect(unprotected.covers(bare) && !unprotected.covers(lock))
    #expect(Expectation.neverFails(.everyWrapper, because: "r").covers(bare))
    #expect(Expectation.neverFails(.wrapper("lock"), because: "r").covers(lock))
    #expect(!Expectation.neverFails(.wrapper("lock"), because: "r").covers(bare))
  }

  @Test func planCarriesExpectationsAndAFailureBreaksThem() throws {
    var options = RunOptions()
    options.subjects = ["selftest-broken-promise", "selftest-corrupt"]
    options.wrappers = ["unprotected"]
    options.threads = [2]
    let plan = try Plan(options: options, catalog: FoundationCatalog.catalog)
    #expect(plan.cells.map(\.expectation) == ["self-test: it promises never to fail", nil])
    let broken = TrialRecord(
      cell: plan.cells[0], trial: 0, seed: 0, result: TrialResult(outcome: .corrupt))
    let finding = TrialRecord(
      cell: plan.cells[1], trial: 0, seed: 0, result: TrialResult(outcome: .corrupt))
    #expect(broken.failsRun && broken.brokenExpectation == "self-test: it promises never to fail")
    #expect(!finding.failsRun && finding.brokenExpectation == nil)
  }

  @Test func sendableAndExpectationRoundTripThroughTheCSV() throws {
    var cell = ResultsFixtures.cell("unprotected")
    cell.sendable = true
    cell.expectation = "a promise, with a comma"
    let path = try ResultsFixtures.write(ResultsFixtures.csv([ResultsFixtures.trial(cell, 0)]))
    let loaded = try ResultsFile.load(path).records[0].cell
    #expect(loaded.sendable == true)
    #expect(loaded.expectation == "a promise, with a comma")
  }

  @Test func staticLetSubjectsRunInAFreshProcessAndPromiseNeverToFail() throws {
    let info = SingletonStaticLetSubject.info
    #expect(info.freshProcess)
    #expect(info.expectation(for: Unprotected.info) != nil)
  }

  @Test func aStaticLetNobodyTouchedIsNoFailure() {
    let subject = SingletonStaticLetSubject(shape: TrialShape(threads: 2, opsPerThread: 10))
    #expect(subject.check(writesPerThread: [0, 0]).isEmpty)
    subject.write(Step(thread: 0, seq: 0, random: 0))
    #expect(subject.check(writesPerThread: [1, 0]).isEmpty)
  }

  @Test func subjectsWithPerThreadOrderRefuseDispatchApply() {
    var options = RunOptions()
    options.subjects = ["photomanager"]
    options.driver = .dispatchApply
    options.ops = 100
    #expect(throws: PlanError.self) {
      try Plan(options: options, catalog: FoundationCatalog.catalog)
    }
  }
}
