import Foundation
import StressKit
import StressTestSupport
import Testing

/// The trial CSV is declared once (`ResultColumns.all`): what a row writes, the loader reads
/// back whole, and every column with a rule refuses what breaks it, by name.
@Suite struct ResultColumnsTests {
  typealias F = ResultsFixtures

  /// A trial with every field set, optional ones included.
  static var full: TrialRecord {
    var cell = Cell(
      subject: "nsstring", wrapper: "lock", threads: 4, readRatio: 0.75, documented: .safe,
      isProtected: true, readers: 3)
    cell.sendable = false
    cell.expectation = "corrupt"
    var result = TrialResult(
      outcome: .corrupt, failures: 2, ops: 4_000, reads: 3_000, writes: 1_000, seconds: 0.25,
      detail: "read by thread 1: wrong\nsecond line, \"quoted\"")
    result.timeToFailureMs = 12.5
    result.sanitizerReports = 3
    result.finding = Finding(.notLinearizable, replay: "2.7.3.0110")
    result.scenarios = 12
    result.searchComplete = false
    result.switchPoints = 41
    result.machine = MachineReading(
      workerCPUSeconds: 1.234567, wallSeconds: 0.987654321, runQueue: 3, load: 1.5,
      stealSeconds: 0.01)
    var record = TrialRecord(cell: cell, trial: 7, seed: 123_456_789, result: result)
    record.focus = "object(at:) on 0"
    return record
  }

  @Test func whatARowWritesTheLoaderReadsBackWhole() throws {
    let text = F.csv([Self.full])
    let file = try ResultsFile.parse(Array(text.utf8), path: "full.csv")
    let back = try #require(file.records.first)
    #expect(back == Self.full)
    #expect(file.rows.first?.count == ResultColumns.header.count)
  }

  /// The table says how a trial read back takes each of its columns; the run's and the
  /// machine's columns, and the two derived ones, are read by name instead.
  @Test func theTableReadsEveryColumnATrialHolds() throws {
    let read = ResultColumns.all.filter { $0.read != nil }.map(\.name)
    #expect(
      read == [
        "subject", "documented", "sendable", "wrapper", "protected", "expectation", "driver",
        "threads", "readers", "read_ratio", "strategy", "trial", "seed", "focus", "outcome",
        "failures",
        "ops", "reads", "writes", "seconds", "time_to_failure_ms", "tsan_reports", "scenarios",
        "search_complete", "switch_points", "worker_cpu_s", "worker_wall_s", "run_queue",
        "load_1m", "steal_s", "finding", "replay_token", "detail",
      ])
    // Each of them lands in the record: a row of the full trial's, read column by column.
    let rows = CSV.parse(F.csv([Self.full]))
    try #require(rows.count >= 2)
    #expect(ResultColumns.record(ResultRow(rows[1])) == Self.full)
  }

  @Test func everyColumnWithARuleRefusesWhatBreaksItByName() throws {
    let valid = F.csv([Self.full])
    var refused: [String] = []
    for (i, name) in ResultColumns.header.enumerated() {
      var rows = CSV.parse(valid)
      rows[1][i] = "¿?"
      do {
        _ = try ResultsFile.parse(Array(rows.map(CSV.line).joined().utf8), path: "x.csv")
      } catch let error as ResultsFile.LoadError {
        #expect(error.description.contains("invalid \(name) '¿?'"), "\(error)")
        refused.append(name)
      } catch {
        Issue.record("\(error)")
      }
    }
    let ruled = [
      "started_at", "documented", "sendable", "protected", "driver", "threads", "readers",
      "read_ratio", "run_seed", "strategy", "trial", "seed", "outcome", "failures", "ops", "reads",
      "writes",
      "seconds",
      "ops_per_sec", "time_to_failure_ms", "tsan_reports", "scenarios", "search_complete",
      "switch_points", "worker_cpu_s", "worker_wall_s", "run_queue", "load_1m", "steal_s",
      "finding", "replay_token",
    ]
    #expect(refused == ResultColumns.header.filter(ruled.contains))
  }

  @Test func columnsAddedLaterAreTheOnesDeclaredWithTheirEarlierValue() {
    #expect(
      ResultColumns.added.map(\.column) == [
        "burst", "forks", "plan", "run_seed", "strategy", "focus", "scenarios", "search_complete",
        "switch_points", "worker_cpu_s", "worker_wall_s", "run_queue", "load_1m", "steal_s",
        "finding", "replay_token",
      ])
    #expect(
      ResultColumns.added.map(\.earlier) == [
        "0", "false", "", "", "stress", "", "", "", "", "", "", "", "", "", "?", "?",
      ])
    #expect(ResultColumns.header == ResultColumns.all.map(\.name))
  }

  @Test func whatAMergeHoldsFilesToComesFromTheTable() {
    #expect(
      ResultsMerge.planColumns == [
        "suite", "mode", "ops_limit", "seconds_limit", "stride", "yield_probability", "pinned",
        "instances", "burst", "warmup_trials", "forks",
      ])
    #expect(ResultsMerge.runColumns == ["plan", "run_seed", "toolchain"])
    let declared = ResultColumns.all.filter { $0.agreement != .none }.map(\.name)
    #expect(Set(declared) == Set(ResultsMerge.planColumns + ResultsMerge.runColumns))
  }

  /// A file from before the finding's columns: each failing trial's kind and replay token are
  /// read from its outcome and detail, once, as it loads; no report reads them from text.
  @Test(arguments: [
    (Outcome.corrupt, "read by thread 1: 3 after 4", Finding.Kind.corruptRead, nil as String?),
    (.corrupt, "in the detection burst: end state: 3 of 4 increments", .endState, nil),
    (
      .corrupt,
      "not linearizable: schedule 2 (scenario 1) of .pct(depth: 2), seed 2:\n| x |\n"
        + "replay: stress run --subjects cache --strategy replay:2.2.1.01", .notLinearizable,
      "2.2.1.01"
    ),
    (.hang, "deadlock: no thread can go on in schedule 3", .deadlock, nil),
    (.hang, "livelock in schedule 1 (scenario 0)", .livelock, nil),
    (.hang, "stuck in schedule 1 (scenario 0)", .stuckThread, nil),
    (.hang, "no result within 10 s; worker killed", .hang, nil),
    (.crash, "SIGSEGV in swift_release", .crash, nil),
    (.error, "fails single-threaded (broken subject): end state: 1", .brokenTest, nil),
    (.error, "replay diverged: the run asked for other choices", .replayDiverged, nil),
  ])
  func aFileFromBeforeTheFindingColumnsReadsTheirValuesFromTheDetail(
    outcome: Outcome, detail: String, kind: Finding.Kind, token: String?
  ) throws {
    var record = Self.full
    record.result = TrialResult(outcome: outcome, failures: 1, detail: detail)
    let rows = CSV.parse(F.csv([record]))
    let dropped = ["finding", "replay_token"].map { ResultColumns.header.firstIndex(of: $0)! }
    let old = rows.map { row in
      row.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }
    let file = try ResultsFile.parse(Array(old.map(CSV.line).joined().utf8), path: "old.csv")
    let back = try #require(file.records.first)
    #expect(back.result.finding?.kind == kind)
    #expect(back.result.finding?.replay == token)
    // The same trial written today carries its kind as data: nothing is read from its detail.
    record.result.finding = Finding(.hang)
    let today = try ResultsFile.parse(Array(F.csv([record]).utf8), path: "new.csv")
    #expect(today.records.first?.result.finding == Finding(.hang))
  }
}
