import Foundation
import Testing

@testable import StressKit

@Suite struct CSVTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("cr\rhere", "\"cr\rhere\""),
    ("crlf\r\nhere", "\"crlf\r\nhere\""),
    ("", ""),
  ])
  func quotesPerRFC4180(raw: String, quoted: String) {
    #expect(CSV.field(raw) == quoted)
  }

  @Test func linesEndWithCRLFAndParseBack() {
    let fields = ["a", "b,c", "d\"e", "f\ng", "h\r\ni", ""]
    let line = CSV.line(fields)
    #expect(line.hasSuffix("\r\n"))
    #expect(CSV.parse(line + CSV.line(["x"])) == [fields, ["x"]])
  }

  @Test func headerHasTheDocumentedColumns() {
    let required = [
      "run_id", "started_at", "suite", "subject", "wrapper", "threads", "read_ratio", "trial",
      "seed", "outcome", "failures", "ops", "seconds", "ops_per_sec", "detail", "toolchain", "os",
      "cpus",
    ]
    for column in required { #expect(ResultColumns.header.contains(column), "\(column)") }
    #expect(Set(ResultColumns.header).count == ResultColumns.header.count)
  }

  @Test func everyColumnIsDocumentedInResultsReadme() throws {
    let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Results/README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    for column in ResultColumns.header + SummaryColumns.header {
      #expect(text.contains("`\(column)`"), "\(column)")
    }
  }

  @Test func everyFindingKindIsDocumentedInResultsReadme() throws {
    let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Results/README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    for kind in Finding.Kind.allCases { #expect(text.contains("`\(kind.rawValue)`"), "\(kind)") }
  }

  @Test func rowsMatchTheHeaderAndLeaveUnfinishedMeasuresEmpty() {
    let cell = Cell(
      subject: "swift-array", wrapper: "unprotected", threads: 4, readRatio: 0.5,
      documented: .notListed, isProtected: false)
    let plan = Plan(
      runID: "r1", startedAt: Date(timeIntervalSince1970: 0), suite: "s", mode: .quick,
      cells: [cell], trials: 1, bound: .ops(100), seed: 5, timeout: 1)
    let env = RunEnvironment(toolchain: "swift-6.3", os: "Linux, x", cpus: 2)
    let crash = TrialRecord(
      cell: cell, trial: 0, seed: 5,
      result: TrialResult(outcome: .crash, detail: "SIGSEGV"))
    let row = ResultColumns.row(crash, plan: plan, environment: env)
    #expect(row.count == ResultColumns.header.count)
    let value = Dictionary(uniqueKeysWithValues: zip(ResultColumns.header, row))
    #expect(value["outcome"] == "crash")
    #expect(value["ops_per_sec"] == "")
    #expect(value["seconds"] == "")
    #expect(value["started_at"] == "1970-01-01T00:00:00Z")
    #expect(value["ops_limit"] == "100")
    #expect(CSV.parse(CSV.line(row)) == [row])
  }
}
