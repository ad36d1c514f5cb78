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
    return TrialRecord(cell: cell, trial: 7, seed: 123_456_789, result: result)
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
        "threads", "readers", "read_ratio", "strategy", "trial", "seed", "outcome", "failures",
        "ops", "reads", "writes", "seconds", "time_to_failure_ms", "tsan_reports", "detail",
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
      "ops_per_sec", "time_to_failure_ms", "tsan_reports",
    ]
    #expect(refused == ResultColumns.header.filter(ruled.contains))
  }

  @Test func columnsAddedLaterAreTheOnesDeclaredWithTheirEarlierValue() {
    #expect(
      ResultColumns.added.map(\.column) == ["burst", "forks", "plan", "run_seed", "strategy"])
    #expect(ResultColumns.added.map(\.earlier) == ["0", "false", "", "", "stress"])
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
}
