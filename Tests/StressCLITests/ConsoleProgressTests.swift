import StressKit
import Synchronization
import Testing

@testable import StressCLI

/// Progress lines, driven by hand with a fake clock.
@Suite struct ConsoleProgressTests {
  final class Clock: Sendable {
    let nanos = Atomic<UInt64>(0)
    func advance(seconds: Double) { nanos.add(UInt64(seconds * 1e9), ordering: .relaxed) }
    var now: UInt64 { nanos.load(ordering: .relaxed) }
  }

  let cells = (1...4).map {
    Cell(
      subject: "s", wrapper: "lock", threads: $0, readRatio: 0.5, documented: .notListed,
      isProtected: true)
  }

  func plan(budget: Double? = nil) -> Plan {
    var plan = Plan(
      suite: "demo", mode: .quick, cells: cells, trials: 2, bound: .ops(10), seed: 1, timeout: 5)
    plan.timeBudget = budget
    return plan
  }

  /// Runs two of the four cells, each trial taking a second; the second cell's first trial
  /// fails. Returns what was printed.
  func drive(live: Bool, budget: Double? = nil, spent: Double = 0) throws -> String {
    let captured = Captured()
    let clock = Clock()
    let progress = ConsoleProgress(
      console: captured.console, path: "out.csv", live: live, spent: spent, now: { clock.now })
    try progress.runStarted(plan(budget: budget))
    for (index, cell) in cells.prefix(2).enumerated() {
      try progress.cellStarted(cell, index: index, of: 4)
      var statistics = CellStatistics(cell: cell)
      for trial in 0..<2 {
        clock.advance(seconds: 1)
        let outcome: Outcome = index == 1 && trial == 0 ? .corrupt : .ok
        let record = TrialRecord(
          cell: cell, trial: trial, seed: 0, result: TrialResult(outcome: outcome))
        statistics.add(record)
        try progress.trialFinished(record)
      }
      try progress.cellFinished(statistics)
    }
    return captured.err
  }

  @Test func plainLinesCarryCountsAndETA() throws {
    let text = try drive(live: false)
    #expect(!text.contains("\r"))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(
      lines.dropFirst(2).first
        == "[1/4] s / lock / 1 thread: ok 2/2 | 1/4 cells done, failures 0 (none fail the run), ETA 6s"
    )
    #expect(
      lines.dropFirst(3).first
        == "[2/4] s / lock / 2 threads: corrupt 1/2, ok 1/2 | 2/4 cells done, failures 1 (1 fail the run), ETA 4s"
    )
  }

  @Test func aTerminalGetsALiveLineRedrawnInPlace() throws {
    let text = try drive(live: true)
    #expect(
      text.contains(
        "\r\u{1B}[2K[2/4] s / lock / 2 threads, trial 2/2 | 1/4 cells done, failures 1 (1 fail the run), ETA 5s"
      ))
    // A finished cell's line is kept, then the status is drawn again.
    #expect(text.contains("\r\u{1B}[2K[2/4] s / lock / 2 threads: corrupt 1/2, ok 1/2\n"))
    #expect(!text.contains("| 2/4 cells done, failures 1 (1 fail the run), ETA 4s\n"))
  }

  @Test func underATimeBudgetTheETAIsWhatTheBudgetLeaves() throws {
    let text = try drive(live: false, budget: 60, spent: 20)
    #expect(text.contains("at least 2 trials, within a time budget of 1m00s"))
    // 20 s spent before a resume, 2 and then 4 s in this part.
    #expect(text.contains("1/4 cells done, failures 0 (none fail the run), ETA 38s\n"))
    #expect(text.contains("2/4 cells done, failures 1 (1 fail the run), ETA 36s\n"))
  }

  @Test func theControlsTrialsAreCountedApart() throws {
    let captured = Captured()
    let progress = ConsoleProgress(console: captured.console, path: "out.csv", now: { 0 })
    try progress.runStarted(plan())
    try progress.cellStarted(cells[1], index: 0, of: 4)
    let caught = TrialRecord(
      cell: .control(threads: 2), trial: 0, seed: 0, result: TrialResult(outcome: .corrupt))
    try progress.trialFinished(caught)
    // Expected failures, not the run's: the status counts them as the control's.
    #expect(progress.status == "0/4 cells done, failures 0 (none fail the run), control caught 1/1")
  }

  @Test func durationsReadLikeAClock() {
    #expect(ConsoleProgress.duration(5) == "5s")
    #expect(ConsoleProgress.duration(75) == "1m15s")
    #expect(ConsoleProgress.duration(3725) == "1h02m")
  }
}
