import Foundation
import Synchronization
import Testing

@testable import StressKit

/// The scheduler's own logic, with runners faked in this process: warmup, fresh runners after
/// failures, fresh-process cells, resume, interruption and harness failures.
@Suite struct SchedulerTests {
  /// Answers each trial with what `answer` says for its trial number (seed - base seed).
  final class FakeRunner: TrialRunner {
    let answer: (Int) -> TrialResult
    let base: UInt64
    let log: Log
    var isAlive = true

    init(base: UInt64, log: Log, answer: @escaping (Int) -> TrialResult) {
      self.base = base
      self.log = log
      self.answer = answer
    }

    func run(
      _ spec: TrialSpec, timeout: Double, failsAlone: Bool, interruption: Interruption?
    ) throws(Interrupted) -> TrialResult {
      let trial = Int(Int64(bitPattern: spec.seed &- base))
      log.trials.append(trial)
      if let interruption, interruption.requested != nil {
        stop()
        throw Interrupted()
      }
      return answer(trial)
    }

    func stop() { isAlive = false }
  }

  /// What the fakes saw, and what the observers were told.
  final class Log: RunObserver {
    var runners = 0
    var trials: [Int] = []
    var warmups = 0
    var records: [TrialRecord] = []
    func warmupFinished(_ cell: Cell, result: TrialResult) throws { warmups += 1 }
    func trialFinished(_ record: TrialRecord) throws { records.append(record) }
  }

  static let ok = TrialResult(
    outcome: .ok, failures: 0, ops: 10, reads: 5, writes: 5, seconds: 0.01)

  func plan(trials: Int = 3, warmup: Int = 0, cells: Int = 1) throws -> Plan {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock"]
    options.threads = Array([2, 4, 8].prefix(cells))
    options.trials = trials
    options.warmup = warmup
    options.ops = 10
    options.seed = 1000
    return try Plan(options: options, catalog: .forTests, suiteDirectories: [])
  }

  func scheduler(_ plan: Plan, _ log: Log, answer: @escaping (Int) -> TrialResult = { _ in ok })
    -> Scheduler
  {
    Scheduler(plan: plan) {
      log.runners += 1
      return FakeRunner(base: plan.seed, log: log, answer: answer)
    }
  }

  @Test func warmupTrialsRunFirstInTheSameRunnerAndAreDiscarded() throws {
    let plan = try plan(trials: 3, warmup: 2)
    let log = Log()
    try scheduler(plan, log).run(observers: [log])
    #expect(log.trials == [-2, -1, 0, 1, 2])
    #expect(log.warmups == 2)
    #expect(log.records.map(\.trial) == [0, 1, 2])
    #expect(log.runners == 1)
  }

  @Test func aFailedTrialRetiresItsRunner() throws {
    let log = Log()
    let crash = TrialResult(outcome: .crash, detail: "SIGSEGV")
    try scheduler(try plan(trials: 4), log) { $0 == 1 || $0 == 2 ? crash : Self.ok }
      .run(observers: [log])
    // Trials 0 and 1 in the first runner, 2 in a second, 3 in a third.
    #expect(log.runners == 3)
    #expect(log.records.map(\.result.outcome) == [.ok, .crash, .crash, .ok])
  }

  @Test func aRunnerGoesOnFromCellToCellWhileItsTrialsPass() throws {
    let log = Log()
    try scheduler(try plan(trials: 2, cells: 3), log).run(observers: [log])
    #expect(log.runners == 1)
    #expect(log.records.count == 6)
    // A failure in the second cell retires the runner: the third cell gets a fresh one.
    let crash = TrialResult(outcome: .crash, detail: "SIGSEGV")
    var calls = 0
    let second = Log()
    try scheduler(try plan(trials: 2, cells: 3), second) { _ in
      calls += 1
      return calls == 4 ? crash : Self.ok
    }.run(observers: [second])
    #expect(second.runners == 2)
    #expect(second.records.map(\.result.outcome) == [.ok, .ok, .ok, .crash, .ok, .ok])
  }

  @Test func aFreshProcessCellGetsARunnerPerTrial() throws {
    var plan = try plan(trials: 3, warmup: 1)
    plan.cells[0].freshProcess = true
    let log = Log()
    try scheduler(plan, log).run(observers: [log])
    #expect(log.runners == 4)
  }

  @Test func resumedTrialsAreNotRunAgainButCount() throws {
    let plan = try plan(trials: 3, cells: 2)
    let done = [0, 2].map {
      TrialRecord(cell: plan.cells[0], trial: $0, seed: plan.seed(forTrial: $0), result: Self.ok)
    }
    let log = Log()
    let cells = try scheduler(plan, log).run(observers: [log], completed: done)
    // Only trial 1 of the first cell is left there; the second cell runs whole.
    #expect(log.trials == [1, 0, 1, 2])
    #expect(cells.map(\.trials) == [3, 3])
  }

  @Test func anInterruptionStopsTheRunWithWhatItFinished() throws {
    let interruption = Interruption()
    let log = Log()
    let plan = try plan(trials: 4, cells: 2)
    let scheduler = scheduler(plan, log) { trial in
      if trial == 1 { interruption.request(15) }
      return Self.ok
    }
    #expect {
      try scheduler.run(observers: [log], interruption: interruption)
    } throws: { error in
      let stopped = error as? RunInterrupted
      return stopped?.signal == 15 && stopped?.trialsDone == 2 && stopped?.trialsPlanned == 8
    }
    #expect(log.records.map(\.trial) == [0, 1])
  }

  @Test func aHarnessFaultStopsTheRunAndBlamesNoSubject() throws {
    let log = Log()
    let scheduler = scheduler(try plan(trials: 3), log) {
      $0 == 1 ? .harnessFault("worker sent an unreadable result") : Self.ok
    }
    #expect {
      try scheduler.run(observers: [log])
    } throws: { error in
      let failure = error as? HarnessFailure
      return failure?.detail == "worker sent an unreadable result" && failure?.trialsDone == 1
    }
    #expect(log.records.map(\.trial) == [0])
  }

  @Test func aRunnerThatCannotStartIsAHarnessFailure() throws {
    struct NoProcesses: Error, CustomStringConvertible {
      var description: String { "fork failed: Resource temporarily unavailable" }
    }
    let scheduler = Scheduler(plan: try plan()) { throw NoProcesses() }
    #expect {
      try scheduler.run(observers: [])
    } throws: { error in
      (error as? HarnessFailure)?.detail
        == "cannot start a worker: fork failed: Resource temporarily unavailable"
    }
  }
}
