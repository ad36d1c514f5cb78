import Foundation
import FoundationSubjects
import StressReports
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine
@testable import StressKitRun

/// A subject of the test's own, written as a user would with the public API: three calls and a
/// domain with two edge values, that honours `TrialShape.focus` and records every (thread,
/// call, value) it made.
final class FocusProbe: StressSubject, @unchecked Sendable {
  enum Call: String, CaseIterable { case a, b, c }
  static let values = InputDomain("probe values", edges: [0, 7], ordinary: Array(10..<20))
  static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  static let info = SubjectInfo(
    id: "test-focus-probe", summary: "test: records the calls and values it makes",
    documented: .notListed, traits: [.readOnly, .hidden], calls: Call.allCases.map(\.rawValue),
    inputs: [values.summary], edges: values.edges)
  /// Every probe made, in order: a trial's are the last.
  static let made = Mutex<[FocusProbe]>([])

  let focus: Focus?
  /// Behind an NSLock, which ThreadSanitizer models (a `Mutex`'s futex it does not).
  private let lock = NSLock()
  private var recorded = Set<String>()
  var seen: Set<String> { lock.withLock { recorded } }

  init(shape: TrialShape) {
    focus = shape.focus
    Self.made.withLock { $0.append(self) }
  }

  func read(_ step: Step) -> String? {
    let call = Focus.call(focus, of: Call.self, else: Self.choice[step])
    let value = Self.values[step, focus]
    lock.withLock { _ = recorded.insert("\(step.thread) \(call.rawValue) \(value)") }
    return nil
  }

  func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Focused trials (issue 51, point 1): every thread of a focused trial makes one (call, edge
/// value) pair; the planner rotates the pairs so each gets its share; the CSV, the statistics
/// and the verdict say which trials were focused and how each pair went.
@Suite(.serialized) struct FocusTests {
  static var catalog: Catalog {
    var catalog = Catalog.forTests
    catalog.add(FocusProbe.self)
    return catalog
  }

  func plan(wrappers: [String], threads: [Int], trials: Int = 12, budget: Double? = nil) throws
    -> Plan
  {
    var options = RunOptions()
    options.subjects = [FocusProbe.info.id, "test-wide-window-counter"]
    options.wrappers = wrappers
    options.threads = threads
    options.trials = trials
    options.ops = 50
    options.seed = 1000
    options.timeBudget = budget
    options.control = false
    return try Plan(options: options, catalog: Self.catalog, suiteDirectories: [])
  }

  @Test func aFocusedTrialMakesEveryThreadCallOnePair() throws {
    var spec = TrialSpec(
      subject: FocusProbe.info.id, wrapper: "unprotected", threads: 4, readRatio: 1,
      bound: .ops(200), seed: 9)
    spec.focus = Focus(call: 2, edge: 1)
    #expect(Trial.run(spec, catalog: Self.catalog).outcome == .ok)
    let focused = try #require(FocusProbe.made.withLock { $0.last }).seen
    // Every thread, each on call c and edge value 7 alone.
    #expect(focused == Set((0..<4).map { "\($0) c 7" }))
    spec.focus = nil
    #expect(Trial.run(spec, catalog: Self.catalog).outcome == .ok)
    let mixed = try #require(FocusProbe.made.withLock { $0.last }).seen
    #expect(Set(mixed.map { $0.split(separator: " ")[1] }).count == 3)
    #expect(Set(mixed.map { $0.split(separator: " ")[2] }).count > 2)
  }

  @Test func aSharedReadOnlySubjectsTableMakesTheFocusedPairOnEveryStep() {
    typealias Spec = ByteCountFormatStyleSubject
    let table = SequentialTable(
      Spec.inputs, key: Spec.self, reference: Spec.make, Spec.format)
    var made = Set<String>()
    for seq in 0..<256 {
      let step = Step(thread: seq % 3, seq: seq, random: UInt64(seq) &* 0x9E37_79B9_7F4A_7C15)
      _ = table.check(step, focus: Focus(call: 1, edge: 0)) { call, input in
        made.insert("\(call.rawValue) \(input)")
        return ""
      }
    }
    #expect(made == ["formatted(.byteCount(style: .memory)) 0"])
    #expect(SharedReadOnlySubject<Spec>.info.edges.first == "0")
  }

  @Test func theRotationGivesEveryPairItsShareEdgeValueByEdgeValue() {
    var cell = Cell(
      subject: "s", wrapper: "unprotected", threads: 2, readRatio: 1, documented: .notListed,
      isProtected: false)
    cell.focusAxes = FocusAxes(calls: ["a", "b", "c"], edges: ["0", "7"])
    // Even trials mixed, odd ones focused: the first edge value meets every call first.
    #expect(cell.focus(forTrial: 0) == nil)
    #expect(cell.focus(forTrial: 1) == Focus(call: 0, edge: 0))
    #expect(cell.focus(forTrial: 3) == Focus(call: 1, edge: 0))
    #expect(cell.focus(forTrial: 5) == Focus(call: 2, edge: 0))
    #expect(cell.focus(forTrial: 7) == Focus(call: 0, edge: 1))
    #expect(cell.focus(forTrial: 13) == Focus(call: 0, edge: 0))
    // 25 trials: 12 focused, 2 on each of the 6 pairs.
    let shares = cell.focusShares(trials: 25)
    #expect(shares.count == 6 && shares.values.allSatisfy { $0 == 2 })
    #expect(cell.spec(bound: .ops(1), seed: 1, trial: 9).focus == Focus(call: 1, edge: 1))
    // A focused trial runs 4 times the plan's bound; a mixed one, the bound.
    #expect(cell.spec(bound: .seconds(0.5), seed: 1, trial: 9).bound == .seconds(2))
    #expect(cell.spec(bound: .ops(100), seed: 1, trial: 9).bound == .ops(400))
    #expect(cell.spec(bound: .ops(100), seed: 1, trial: 8).bound == .ops(100))
    #expect(cell.meanTrialLength == 2.5)
    #expect(
      TrialRecord(cell: cell, trial: 9, seed: 1, result: .init(outcome: .ok, detail: ""))
        .focus == "b on 7")
  }

  @Test func onlyUnprotectedCellsOfTwoOrMoreThreadsOfASubjectWithEdgesFocus() throws {
    let plan = try plan(wrappers: ["unprotected", "lock"], threads: [1, 2, 4])
    let focusing = plan.cells.filter { $0.focusAxes != nil }
    #expect(
      focusing.map { "\($0.subject) \($0.wrapper) \($0.threads)" } == [
        "test-focus-probe unprotected 2", "test-focus-probe unprotected 4",
      ])
    #expect(focusing.first?.focusAxes == FocusAxes(calls: ["a", "b", "c"], edges: ["0", "7"]))
    let text = try #require(plan.focusText)
    #expect(text.contains("every 2nd trial of 2 cells"), "\(text)")
    #expect(text.contains("4 times as long as a mixed trial"), "\(text)")
    #expect(text.contains("3 calls x 2 edge values = 6 pairs"), "\(text)")
    #expect(text.contains("with 12 trials a cell, 6 focused: each pair gets 1 a cell"), "\(text)")
    #expect(try self.plan(wrappers: ["lock"], threads: [2]).focusText == nil)
  }

  /// A time budget prices a focusing cell's trials at their mean length: half of them 4 times
  /// the bound.
  @Test func aBudgetPricesAFocusingCellsLongerTrials() throws {
    var options = RunOptions()
    options.subjects = [FocusProbe.info.id]
    options.wrappers = ["unprotected"]
    options.threads = [1, 2]
    options.seconds = 0.1
    options.control = false
    let plan = try Plan(options: options, catalog: Self.catalog, suiteDirectories: [])
    let costs = plan.cells.map { BudgetPlanner.priorCost(of: $0, plan: plan) }
    #expect(abs(costs[0] - (0.1 + BudgetPlanner.overheadPerTrial)) < 1e-9)
    #expect(abs(costs[1] - (0.25 + BudgetPlanner.overheadPerTrial)) < 1e-9)
  }

  /// On the fake clock, a budget's extra trials go on with the rotation: every pair gets its
  /// share, within one trial of the others', and each record names the pair its spec made.
  @Test func aBudgetedRunGoesOnWithTheRotation() throws {
    let plan = try plan(wrappers: ["unprotected"], threads: [2], trials: 2, budget: 1.0)
    let log = SchedulerTests.Log()
    log.trialCost = 1.0 / 128
    let tests = SchedulerTests()
    let cells = try tests.scheduler(plan, log) { _, _ in SchedulerTests.ok }.run(observers: [log])
    let probe = try #require(cells.first { $0.cell.subject == FocusProbe.info.id })
    #expect(probe.trials > 40)
    let specs = log.specs.filter { $0.subject == FocusProbe.info.id && $0.sanity != .only }
    let focuses = specs.compactMap(\.focus)
    #expect(specs.allSatisfy { $0.bound == .ops($0.focus == nil ? 50 : 200) })
    #expect(focuses.count == specs.count / 2)
    var shares: [Focus: Int] = [:]
    for focus in focuses { shares[focus, default: 0] += 1 }
    #expect(shares.count == 6)
    #expect((shares.values.max() ?? 0) - (shares.values.min() ?? 0) <= 1)
    let records = log.records.filter { $0.cell.subject == FocusProbe.info.id }
    for record in records {
      let axes = try #require(record.cell.focusAxes)
      #expect(record.focus == record.cell.focus(forTrial: record.trial).map(axes.label))
    }
    // The focused trials count on their pairs; only the mixed ones give the cell its rate.
    #expect(probe.focused.map(\.trials).reduce(0, +) == focuses.count)
    #expect(probe.throughputs.count == probe.trials - focuses.count)
  }

  @Test func theVerdictNamesThePairsItsFocusedTrialsFailedOn() {
    var cell = Cell(
      subject: "s", wrapper: "unprotected", threads: 2, readRatio: 1, documented: .notListed,
      isProtected: false)
    cell.focusAxes = FocusAxes(calls: ["a", "b"], edges: ["0"])
    let crash = TrialResult(outcome: .crash, detail: "signal 11")
    let records = (0..<8).map { trial in
      // Every trial focused on "b on 0" crashes; the rest pass.
      let focus = cell.focus(forTrial: trial)
      return TrialRecord(
        cell: cell, trial: trial, seed: UInt64(trial),
        result: focus == Focus(call: 1, edge: 0) ? crash : SchedulerTests.ok)
    }
    let verdict = RunDigest(CellStatistics.compute(records)).verdicts[0]
    #expect(
      verdict.focused == [
        FocusTally(pair: "a on 0", trials: 2, failed: 0),
        FocusTally(pair: "b on 0", trials: 2, failed: 2),
      ])
    #expect(
      verdict.measured.hasSuffix(
        "; 4 focused trials, on 2 (call, edge value) pairs: 2 of 2 failed on b on 0"),
      "\(verdict.measured)")
    let entry = SummaryDocument(RunDigest(CellStatistics.compute(records))).verdicts[0]
    #expect(entry.focusedTrials == 4 && entry.focused.map(\.failed) == [0, 2])
  }
}
