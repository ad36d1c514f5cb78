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
    #expect(throws: ResultsFile.LoadError("no such results file: '/no/such.csv'")) {
      try ResultsFile.load("/no/such.csv")
    }
    #expect(throws: ResultsFile.LoadError("cannot read '/tmp'")) {
      try ResultsFile.load("/tmp")
    }
    let binary = try F.write("")
    try Data([0x72, 0x75, 0xFF, 0xFE, 13, 10]).write(to: URL(fileURLWithPath: binary))
    #expect(throws: ResultsFile.LoadError("'\(binary)' is not a results CSV: it is not UTF-8 text"))
    {
      try ResultsFile.load(binary)
    }
  }
}
