import Foundation
import StressKit
import StressTestSupport
import Testing

/// The one loader every results-reading command uses.
@Suite struct ResultsFileTests {
  typealias F = ResultsFixtures

  @Test func recordsRoundTripThroughTheCSV() throws {
    let records = [
      F.trial(F.cell("lock"), 0, opsPerSecond: 2e6),
      F.trial(F.cell("unprotected"), 1, outcome: .crash),
      F.trial(F.cell("unprotected"), 2, opsPerSecond: 5e5, outcome: .corrupt),
    ]
    let file = try ResultsFile.load(try F.write(F.csv(records)))
    let loaded = file.records
    #expect(loaded.map(\.cell) == records.map(\.cell))
    #expect(loaded.map(\.result.outcome) == [.ok, .crash, .corrupt])
    #expect(loaded.map(\.trial) == [0, 1, 2])
    #expect(loaded.map(\.result.opsPerSecond) == records.map(\.result.opsPerSecond))
    #expect(loaded[1].result.detail == "crash in trial 1")
  }

  /// A detail of several lines is quoted; a row torn inside it ends at no line break there.
  @Test func aTornRowWithALineBreakInAQuotedFieldIsDropped() throws {
    var second = F.trial(F.cell("lock"), 1, outcome: .crash)
    second.result.detail = "first line\nsecond line\nthird line"
    let text = F.csv([F.trial(F.cell("lock"), 0), second])
    let cut = try #require(text.range(of: "second line"))
    let file = try ResultsFile.load(try F.write(String(text[..<cut.upperBound])))
    #expect(file.rows.count == 1)
    #expect(file.records.map(\.trial) == [0])
  }

  @Test func aTornLastRowIsDropped() throws {
    let text = F.csv([F.trial(F.cell("lock"), 0), F.trial(F.cell("lock"), 1)])
    let torn = String(text.dropLast(40))
    let file = try ResultsFile.load(try F.write(torn))
    #expect(file.rows.count == 1)
  }

  /// A file from before the `burst` or `forks` column (a nightly baseline) reads with no
  /// burst and no forks, and cannot be resumed, which would append rows of another width.
  @Test(arguments: [["burst", "forks"], ["forks"]])
  func aFileWithoutTheAddedColumnsReadsAsTheirEarlierValue(missing: [String]) throws {
    let rows = CSV.parse(F.csv([F.trial(F.cell("lock"), 0), F.trial(F.cell("lock"), 1)]))
    let kept = ResultColumns.header.indices.filter { !missing.contains(ResultColumns.header[$0]) }
    let earlier = rows.map { row in kept.map { row[$0] } }
    #expect(earlier[0] == ResultColumns.header(without: missing))
    let path = try F.write(earlier.map(CSV.line).joined())
    let file = try ResultsFile.load(path)
    #expect(file.isEarlierVersion)
    #expect(file.records.map(\.trial) == [0, 1])
    #expect(file.rows.allSatisfy { file.value("burst", in: $0) == "0" })
    #expect(file.rows.allSatisfy { file.value("forks", in: $0) == "false" })
    #expect(throws: PlanError.self) { try ResumedRun.read(path: path) }
  }

  static let valid = F.csv([F.trial(F.cell("lock"), 0)])

  /// Replaces the value of `column` in the first data row.
  static func with(_ column: String, _ value: String) -> String {
    var rows = CSV.parse(valid)
    rows[1][ResultColumns.header.firstIndex(of: column)!] = value
    return rows.map(CSV.line).joined()
  }

  @Test(arguments: [
    ("", "it is empty"),
    ("just some text\r\n", "its header has no 'run_id' column"),
    (CSV.line(SummaryColumns.header), "it is a per-cell summary"),
    (valid.replacingOccurrences(of: ",shard,", with: ",part,"), "its header has no 'shard' column"),
    (valid + "a,b\r\n", "line 3 has 2 fields where the header has"),
    (with("outcome", "exploded"), "line 2: invalid outcome 'exploded'"),
    (with("threads", "0"), "line 2: invalid threads '0'"),
    (with("threads", "two"), "line 2: invalid threads 'two'"),
    (with("ops", "-5"), "line 2: invalid ops '-5'"),
    (with("seconds", "nan"), "line 2: invalid seconds 'nan'"),
    (with("read_ratio", "2"), "line 2: invalid read_ratio '2'"),
    (with("protected", "maybe"), "line 2: invalid protected 'maybe'"),
    (with("driver", "gcd"), "line 2: invalid driver 'gcd'"),
    (with("seed", "x"), "line 2: invalid seed 'x'"),
  ])
  func refusesWhatIsNotATrialCSV(text: String, message: String) throws {
    let path = try F.write(text)
    #expect {
      try ResultsFile.load(path)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test func refusesMissingDirectoryAndBinaryFiles() throws {
    #expect(throws: ResultsFile.LoadError(.missing(path: "/no/such.csv"))) {
      try ResultsFile.load("/no/such.csv")
    }
    #expect(throws: ResultsFile.LoadError(.unreadable(path: "/tmp"))) {
      try ResultsFile.load("/tmp")
    }
    let binary = try F.write("")
    try Data([0x72, 0x75, 0xFF, 0xFE, 13, 10]).write(to: URL(fileURLWithPath: binary))
    #expect(throws: ResultsFile.LoadError(.notUTF8(path: binary))) {
      try ResultsFile.load(binary)
    }
  }

  /// Each problem's words, from the one table that has them: what users read on stderr.
  static let fileProblems: [(ResultsFileProblem, String)] = [
    (.missing(path: "a.csv"), "no such results file: 'a.csv'"),
    (.unreadable(path: "d"), "cannot read 'd'"),
    (.notUTF8(path: "a.csv"), "'a.csv' is not a results CSV: it is not UTF-8 text"),
    (
      .notThisVersion(path: "a.csv", why: .empty),
      "'a.csv' is not a trial CSV of this version of stress: it is empty"
    ),
    (
      .notThisVersion(path: "a.csv", why: .summary),
      "'a.csv' is not a trial CSV of this version of stress: it is a per-cell summary; give the "
        + "trial CSV it was written beside"
    ),
    (
      .notThisVersion(path: "a.csv", why: .missingColumn("burst")),
      "'a.csv' is not a trial CSV of this version of stress: its header has no 'burst' column"
    ),
    (
      .mixesRuns(path: "a.csv", column: "plan", first: "p1", second: "p2"),
      "'a.csv' mixes runs: its plan is both 'p1' and 'p2', and a file holds one run (join runs "
        + "with 'stress merge')"
    ),
    (
      .repeatsTrial(path: "a.csv", line: 9, trial: 2, firstLine: 4),
      "'a.csv' line 9 repeats trial 2 of line 4's cell"
    ),
    (
      .fieldCount(path: "a.csv", line: 3, fields: 5, header: 43),
      "'a.csv' line 3 has 5 fields where the header has 43"
    ),
    (
      .impossibleRate(path: "a.csv", line: 3, seconds: "0", ops: "5"),
      "'a.csv' line 3: invalid seconds '0': 5 ops in it would be more than 1e15 per second"
    ),
    (
      .sameRun(path: "b.csv", earlier: "a.csv"),
      "'b.csv' holds the same run as 'a.csv': each night is read once"
    ),
    (
      .mixesShardings(path: "a.csv", count: 2),
      "'a.csv' mixes runs: it holds rows of 2 different shardings, and a file holds one run "
        + "(join runs with 'stress merge')"
    ),
    (
      .strayQuote(path: "a.csv", line: 7),
      "'a.csv' line 7: a quote where none can be (a field's quotes are broken): every row from "
        + "here on would be misread"
    ),
    (
      .unclosedQuote(path: "a.csv", line: 7),
      "'a.csv' line 7: a quoted field opens here and never closes: it would swallow every later "
        + "row"
    ),
    (
      .invalidValue(path: "a.csv", line: 3, column: "threads", value: "x"),
      "'a.csv' line 3: invalid threads 'x'"
    ),
    (
      .noTrial(path: "a.csv"),
      "'a.csv' holds no trial, only its header: the run stopped before its first trial finished, "
        + "so there is nothing to read"
    ),
    (
      .notThisVersion(path: "a.csv", why: .differs),
      "'a.csv' is not a trial CSV of this version of stress: its columns differ from this "
        + "version's (see Results/README.md)"
    ),
  ]

  @Test(arguments: fileProblems)
  func aProblemIsWordedInItsTable(problem: ResultsFileProblem, words: String) {
    #expect(ResultsFile.LoadError(problem).description == words)
  }

  /// And why files are not one run.
  static let mergeProblems: [(MergeProblem, String)] = [
    (.nothingToMerge, "nothing to merge: the files hold no trial"),
    (
      .notAShard(path: "b.csv", first: "a.csv", column: "plan", value: "x", has: "y"),
      "'b.csv' is not a shard of the run in 'a.csv': its plan (suite, subjects, wrappers, thread "
        + "counts, mixes or budgets) differs: digest is 'x' where 'a.csv' has 'y'"
    ),
    (
      .notAShard(path: "b.csv", first: "a.csv", column: "run_seed", value: "1", has: "2"),
      "'b.csv' is not a shard of the run in 'a.csv': its run_seed is '1' where 'a.csv' has '2'"
    ),
    (.shardTwice(index: 2, count: 3), "shard 2/3 is given twice"),
    (
      .differentRun(
        path: "b.csv", column: "mode", value: "quick", reference: "a.csv", has: "tough"),
      "'b.csv' comes from a different run: its mode is 'quick' where 'a.csv' has 'tough'"
    ),
    (
      .overlap(path: "b.csv", earlier: "a.csv", trial: 1, cell: "counter/lock 2t"),
      "'b.csv' and 'a.csv' overlap: both hold trial 1 of counter/lock 2t"
    ),
    (
      .shardBesideWhole(shard: "s.csv", whole: "w.csv"),
      "'s.csv' is a shard and 'w.csv' is not: a shard merges only with the other shards of its "
        + "run"
    ),
    (
      .shardCounts(path: "b.csv", count: 3, first: "a.csv", firstCount: 2),
      "'b.csv' is a shard of 3 and 'a.csv' a shard of 2: the shards of one run share their count"
    ),
  ]

  @Test(arguments: mergeProblems)
  func aMergeProblemIsWordedInItsTable(problem: MergeProblem, words: String) {
    #expect(ResultsMerge.Incompatible(problem).description == words)
  }
}
