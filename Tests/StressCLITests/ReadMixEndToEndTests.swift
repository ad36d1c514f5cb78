import Foundation
import StressKit
import Testing

/// The read mix swept as a dimension, through the built executable.
@Suite struct ReadMixEndToEndTests {
  @Test func aSweepGivesACellPerMixInEveryOutput() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let arguments = [
      "run", "--subjects", "counter", "--wrappers", "lock,rwlock", "--threads", "1,2",
      "--read-ratio", "0.5,0.99", "--trials", "1", "--ops", "200", "--out", csv.path,
    ]
    let r = try runStress(arguments + ["--format", "json"])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.count == 8)
    #expect(Set(rows.map { $0["read_ratio"] ?? "" }) == ["0.5", "0.99"])
    // The JSON keys each cell by its mix; the console says which mix a line is.
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let cells = try #require(doc["cells"] as? [[String: Any]])
    #expect(Set(cells.compactMap { $0["read_ratio"] as? Double }) == [0.5, 0.99])
    #expect(r.err.contains("counter / rwlock / 2 threads, 99% reads: ok 1/1"), "\(r.err)")
    // The wrappers side by side, per thread count and mix.
    let ranked = try #require(doc["wrapper_comparison"] as? [[String: Any]])
    #expect(ranked.count == 4)
    #expect(ranked.allSatisfy { ($0["wrappers"] as? [Any])?.count == 2 })
    #expect(ranked.allSatisfy { ["lock", "rwlock"].contains($0["best"] as? String ?? "") })
    let summary = try readCellRows(dir.appendingPathComponent("r-summary.csv"))
    #expect(summary.count == 8)
    // The text summary has a row per mix.
    let text = try runStress(["report", csv.path])
    #expect(text.out.contains("counter  rwlock   99% reads"), "\(text.out)")
    #expect(text.out.contains("WRAPPERS (fastest correct first"))
    #expect(text.out.contains("  counter, 2 thr, 99% reads: "))
    // The published table's renderer reads the same report.
    let json = dir.appendingPathComponent("report.json")
    try runStress(["report", csv.path, "--format", "json"]).out.write(
      to: json, atomically: true, encoding: .utf8)
    let table = try runShell(
      "python3 '\(packageRoot.path)/scripts/wrappers_table.py' '\(json.path)' '\(csv.path)' "
        + "--command 'stress run --suite wrappers'", in: dir)
    #expect(table.code == 0, "\(table.err)")
    #expect(table.out.contains("from one run of `stress run --suite wrappers`"))
    #expect(table.out.contains("| subject | reads | lock | rwlock | best, ops/s |"))
    #expect(table.out.contains("| counter | 99% | "))
    // Resumed, nothing is left to run: every mix's cell is matched.
    let resumed = try runStress(arguments + ["--resume", "--quiet"])
    #expect(resumed.code == 0, "\(resumed.err)")
    #expect(try readCellRows(csv).count == 8)
  }

  @Test func aSuiteSweepsItsReadRatios() throws {
    let dir = try temporaryDirectory()
    let suite = dir.appendingPathComponent("mix.json")
    try #"{"subjects": ["counter"], "wrappers": ["lock"], "threads": [2], "read_ratios": [0, 0.9]}"#
      .write(to: suite, atomically: true, encoding: .utf8)
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress([
      "run", "--suite", suite.path, "--trials", "1", "--ops", "100", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 0, "\(r.err)")
    #expect(try readCellRows(csv).map { $0["read_ratio"] ?? "" } == ["0", "0.9"])
  }
}
