import Foundation
import Testing

@testable import StressKit

#if canImport(Glibc)
  import Glibc
#endif

/// The built binary where writing fails, files come from different runs, or an output could
/// never be written: whole rows, refused merges, and refusals before the first trial.
@Suite struct NothingLostTests {
  static let small =
    "run --subjects noop,counter --wrappers lock,unprotected --threads 1,2 --trials 3 --ops 10"

  // MARK: - A full disk

  /// A file-size limit (`ulimit -f`, in KiB) stands for a full disk: the write that crosses
  /// it fails part way, exactly as ENOSPC does. The run says so and exits 2, its file ends in
  /// a whole row, and `--resume` with room again finishes it, every trial exactly once.
  @Test(
    .disabled(
      if: Platform.hasThreadSanitizer,
      "ThreadSanitizer's runtime dies of SIGBUS under a 2 KiB file-size limit, before any trial")
  )
  func aWriteThatFailsPartWayLeavesWholeRowsAndResumes() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let limited = try runShell("ulimit -f 2; $STRESS \(Self.small) --out out.csv --quiet", in: dir)
    #expect(limited.code == 2, "\(limited.err)")
    #expect(
      limited.err.hasPrefix("Error: writing to 'out.csv' failed: File too large"),
      "\(limited.err)")
    let text = try String(contentsOf: csv, encoding: .utf8)
    #expect(text.hasSuffix("\r\n"))
    let rows = CSV.parse(text)
    #expect(rows.count > 1 && rows.count < 1 + 24, "\(rows.count) rows")
    #expect(rows.allSatisfy { $0.count == ResultColumns.header.count })
    // The summary is written whole or not at all.
    let summary = dir.appendingPathComponent("out-summary.csv")
    let summaryText = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
    #expect(summaryText.isEmpty)

    let resumed = try runShell("$STRESS \(Self.small) --out out.csv --quiet --resume", in: dir)
    #expect(resumed.code == 0, "\(resumed.err)")
    let records = try ResultsFile.load(csv.path).records.filter { !$0.cell.isControl }
    #expect(records.count == 24)
    #expect(Set(records.map { "\(CellKey($0.cell).label)#\($0.trial)" }).count == 24)
    #expect(try readCellRows(summary).count == 8)
  }

  // MARK: - Merges that mix runs

  /// Shards of two runs are refused, whatever makes them two: the seed, the plan, the shard
  /// count, or a whole run among shards. Nothing is written.
  @Test(arguments: [
    ("another seed", "--seed 9 --shard 2/2", "its run_seed is '9' where"),
    (
      "other wrappers", "--seed 5 --shard 2/2 --wrappers lock,unprotected",
      "its plan (suite, subjects, wrappers"
    ),
    (
      "more subjects", "--seed 5 --shard 2/2 --subjects noop,counter,swift-array",
      "its plan (suite, subjects, wrappers"
    ),
    ("another count", "--seed 5 --shard 2/3", "a shard of 3 and"),
    ("a whole run", "--seed 5", "is a shard and"),
  ])
  func shardsOfDifferentRunsAreRefused(name: String, second: String, message: String) throws {
    let dir = try temporaryDirectory()
    let base = "run --subjects noop,counter --wrappers lock --threads 1 --trials 1 --ops 10"
    let script = """
      $STRESS \(base) --seed 5 --shard 1/2 --out a.csv --quiet &&
      $STRESS \(base) \(second) --out b.csv --quiet &&
      $STRESS merge a.csv b.csv -o merged.csv
      """
    let r = try runShell(script, in: dir)
    #expect(r.code == 64, "\(name): \(r.err)")
    #expect(r.err.hasPrefix("Error: ") && r.err.contains(message), "\(name): \(r.err)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged.csv").path))
  }

  /// The shards of one run merge, and the result names the shards it holds: in what the merge
  /// prints, and in the rows' shard column.
  @Test func shardsOfOneRunMergeAndSayWhichTheyAre() throws {
    let dir = try temporaryDirectory()
    let base =
      "run --subjects noop,counter,swift-array --wrappers lock --threads 1 --trials 1 --ops 10"
    let script = """
      $STRESS \(base) --seed 5 --shard 1/3 --out a.csv --quiet &&
      $STRESS \(base) --seed 5 --shard 3/3 --out c.csv --quiet &&
      $STRESS merge c.csv a.csv -o merged.csv
      """
    let r = try runShell(script, in: dir)
    #expect(r.code == 0, "\(r.err)")
    #expect(r.out.contains("from 2 files (shards 1/3, 3/3) into merged.csv"), "\(r.out)")
    #expect(r.err.contains("Note: shard 2/3 missing"), "\(r.err)")
    let rows = try readRows(dir.appendingPathComponent("merged.csv"))
    #expect(Set(rows.map { $0["shard"] ?? "" }) == ["1/3", "3/3"])
    #expect(Set(rows.map { $0["run_seed"] ?? "" }) == ["5"])
    #expect(Set(rows.map { $0["plan"] ?? "" }).count == 1)
  }

  // MARK: - Outputs checked before the work

  /// Every output of every command that could never be written is refused before the first
  /// trial or the first read: exit 64, one Error line, nothing written.
  @Test(arguments: [
    (
      "run --junit", "run --subjects noop --trials 1 --ops 10 --out r.csv --junit dir",
      "'--junit' 'dir'"
    ),
    (
      "run --summary-out", "run --subjects noop --trials 1 --ops 10 --out r.csv --summary-out dir",
      "'--summary-out' 'dir'"
    ),
    ("run --out", "run --subjects noop --trials 1 --ops 10 --out dir", "'--out' 'dir'"),
    (
      "run into a missing directory", "run --subjects noop --trials 1 --ops 10 --out none/r.csv",
      "'--out' 'none/r.csv'"
    ),
    ("bench --out", "bench --ops 1000 --repeats 1 --trials 1 --out dir", "'--out' 'dir'"),
    ("merge -o", "merge in.csv -o dir", "'-o' 'dir'"),
    ("report --html", "report in.csv --html dir", "'--html' 'dir'"),
    ("report --junit", "report in.csv --junit none/j.xml", "'--junit' 'none/j.xml'"),
    ("trend --html", "trend in.csv --html dir", "'--html' 'dir'"),
  ])
  func outputsThatCannotBeWrittenAreRefusedFirst(name: String, command: String, what: String)
    throws
  {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("dir"), withIntermediateDirectories: false)
    let input = try runStress(
      [
        "run", "--subjects", "noop", "--wrappers", "lock", "--threads", "1", "--trials", "2",
        "--ops", "10", "--no-control", "--out", dir.appendingPathComponent("in.csv").path,
        "--quiet",
      ])
    #expect(input.code == 0, "\(input.err)")
    // What runShell keeps of the command's output is left out.
    func listing() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
        !$0.hasPrefix(".shell-")
      }.sorted()
    }
    let before = try listing()
    let r = try runShell("$STRESS \(command)", in: dir)
    #expect(r.code == 64, "\(name): \(r.err)")
    #expect(r.err.hasPrefix("Error: \(what)") && r.err.contains("cannot be written"), "\(r.err)")
    #expect(r.out.isEmpty, "\(name): \(r.out)")
    let after = try listing()
    #expect(after == before, "\(name) wrote \(Set(after).subtracting(before))")
  }
}
