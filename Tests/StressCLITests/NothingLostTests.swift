import Foundation
import Testing

@testable import StressKit
@testable import StressPlatform

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
    // A shard's run that fails (seen once, under load) says which trial failed and why.
    let rows = ["a.csv", "b.csv"].map { file in
      let text = try? String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
      let lines = text?.split(separator: "\n").dropFirst() ?? []
      return lines.filter { !$0.contains(",ok,") }.joined(separator: "\n")
    }
    #expect(r.code == 64, "\(name): \(r.err) \(rows)")
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

  // MARK: - Files that are not one whole run

  /// A results file damaged or mixed in ways a torn tail is not is refused by every command
  /// that reads one: one Error line, exit 2, nothing written, and a resume leaves it as it is.
  /// A stray quote once quoted every later row into one field, read as a torn last row:
  /// dropped in silence, and cut away by `--resume`.
  @Test(arguments: [
    ("a stray quote", "a quote where none can be"),
    ("a quote left open", "a quoted field opens here and never closes"),
    ("a header only", "holds no trial, only its header"),
    ("shards of two runs", "mixes runs: its run_seed is both '5' and '9'"),
    ("a bad start time", "invalid started_at 'yesterday'"),
  ])
  func filesThatAreNotOneWholeRunAreRefusedByEveryReader(name: String, message: String) throws {
    let dir = try temporaryDirectory()
    let run = "run --subjects noop --wrappers lock,unprotected --threads 1,2 --trials 2 --ops 10"
    let made = try runShell(
      """
      $STRESS \(run) --seed 5 --shard 1/2 --out good.csv --quiet &&
      $STRESS \(run) --seed 9 --shard 2/2 --out other.csv --quiet
      """, in: dir)
    #expect(made.code == 0, "\(made.err)")
    let good = try String(contentsOf: dir.appendingPathComponent("good.csv"), encoding: .utf8)
    var lines = good.components(separatedBy: "\r\n")
    #expect(lines.count > 4)
    switch name {
    case "a stray quote": lines[2] = lines[2].replacingOccurrences(of: ",lock,", with: ",lo\"ck,")
    case "a quote left open":
      lines[2] = lines[2].replacingOccurrences(of: ",lock,", with: ",\"lock,")
    case "a header only": lines = [lines[0], ""]
    case "shards of two runs":
      let other = try String(contentsOf: dir.appendingPathComponent("other.csv"), encoding: .utf8)
      lines.insert(other.components(separatedBy: "\r\n")[1], at: 2)
    default:
      lines[1] = lines[1].replacingOccurrences(
        of: try #require(readRows(dir.appendingPathComponent("good.csv")).first?["started_at"]),
        with: "yesterday")
    }
    let bad = lines.joined(separator: "\r\n")
    let path = dir.appendingPathComponent("bad.csv")
    try bad.write(to: path, atomically: true, encoding: .utf8)
    for command in [
      ["report", "bad.csv"], ["report", "bad.csv", "--html", "out.html"], ["verdicts", "bad.csv"],
      ["compare", "good.csv", "bad.csv"], ["compare", "bad.csv", "good.csv"],
      ["trend", "good.csv", "bad.csv"], ["merge", "bad.csv", "-o", "out.csv"],
      (run + " --seed 5 --shard 1/2 --out bad.csv --resume --quiet").split(separator: " ").map(
        String.init),
    ] where !(name == "a header only" && command[0] == "merge") {
      let r = try runStress(command, in: dir)
      #expect(r.err.hasPrefix("Error: "), "\(name): \(command): \(r.err)")
      if command[0] == "run" {
        // A file a resume cannot take is the user's to fix: exit 64 with the usage.
        #expect(r.code == 64, "\(name): \(r.err)")
        let why = name == "a header only" ? "Nothing to resume: 'bad.csv' holds no" : message
        #expect(r.err.contains(why), "\(name): \(r.err)")
      } else {
        #expect(r.code == 2, "\(name): \(command): \(r.err)")
        #expect(r.err.contains(message), "\(name): \(command): \(r.err)")
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
      }
      #expect(try String(contentsOf: path, encoding: .utf8) == bad, "\(name): \(command)")
      for out in ["out.html", "out.csv"] {
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(out).path))
      }
    }
  }

  /// A night named twice would count twice in every series of the trend.
  @Test func trendRefusesTheSameNightTwice() throws {
    let dir = try temporaryDirectory()
    let made = try runShell(
      """
      $STRESS run --subjects noop --wrappers lock --threads 1 --trials 2 --ops 10 --out a.csv \\
        --quiet && cp a.csv copy.csv
      """, in: dir)
    #expect(made.code == 0, "\(made.err)")
    for files in [["a.csv", "a.csv"], ["a.csv", "copy.csv"]] {
      let r = try runStress(["trend"] + files, in: dir)
      #expect(r.code == 2, "\(r.err)")
      #expect(r.err.hasPrefix("Error: '\(files[1])' holds the same run as 'a.csv'"), "\(r.err)")
      #expect(r.out.isEmpty)
    }
  }

  /// A time budget plans trials by cell and visit: a run resumed with one it was not started
  /// with, or without the one it was, would be two runs in one file. Refused, naming which,
  /// and the file is left as it was.
  @Test(arguments: [
    (
      [] as [String], ["--time-budget", "2s"],
      "it was started without --time-budget; resume it without one"
    ),
    (["--time-budget", "2s"], [], "it was started with --time-budget; resume it with one"),
  ])
  func aResumeThatAddsOrDropsATimeBudgetIsRefused(
    started: [String], resumed: [String], problem: String
  ) throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv").path
    let plan = [
      "run", "--subjects", "noop", "--wrappers", "lock", "--threads", "1", "--trials", "2",
      "--ops", "10", "--no-control", "--seed", "3", "--out", csv, "--quiet",
    ]
    let first = try runStress(plan + started)
    #expect(first.code == 0, "\(first.err)")
    let before = try Data(contentsOf: URL(fileURLWithPath: csv))
    let r = try runStress(plan + resumed + ["--resume"])
    #expect(r.code == 64, "\(r.err)")
    #expect(r.err.hasPrefix("Error: Cannot resume '\(csv)': \(problem)."), "\(r.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: csv)) == before)
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
    // Root passes every access check on the kernel's pseudo filesystems: only the write fails.
    (
      "run --out in /proc", "run --subjects noop --trials 1 --ops 10 --out /proc/r.csv",
      "'--out' '/proc/r.csv'"
    ),
    (
      "run --junit in /sys",
      "run --subjects noop --trials 1 --ops 10 --out r.csv --junit /sys/j.xml",
      "'--junit' '/sys/j.xml'"
    ),
    (
      "report --html in /proc", "report in.csv --html /proc/self/r.html",
      "'--html' '/proc/self/r.html'"
    ),
    // A named pipe no process reads: the write at the end would block forever.
    ("trend --html to a pipe", "trend in.csv --html fifo", "'--html' 'fifo'"),
    (
      "run --junit to a pipe", "run --subjects noop --trials 1 --ops 10 --out r.csv --junit fifo",
      "'--junit' 'fifo'"
    ),
  ])
  func outputsThatCannotBeWrittenAreRefusedFirst(name: String, command: String, what: String)
    throws
  {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("dir"), withIntermediateDirectories: false)
    try Self.makeFifoAndInput(in: dir)
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

  /// A named pipe `fifo` and a small results file `in.csv` of a real run, in `dir`.
  static func makeFifoAndInput(in dir: URL) throws {
    #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
    let input = try runStress(
      [
        "run", "--subjects", "noop", "--wrappers", "lock", "--threads", "1", "--trials", "2",
        "--ops", "10", "--no-control", "--out", dir.appendingPathComponent("in.csv").path,
        "--quiet",
      ])
    #expect(input.code == 0, "\(input.err)")
  }

  /// A named pipe that a process reads is written in place, and its reader sees the end of it.
  @Test func aPipeWithAReaderGetsTheWholeReport() throws {
    let dir = try temporaryDirectory()
    try Self.makeFifoAndInput(in: dir)
    // A read end held here makes the pipe read from the start, however late cat opens it;
    // cat takes what is written, and sees the end when the tool closes its write ends.
    let held = open(dir.appendingPathComponent("fifo").path, O_RDONLY | O_NONBLOCK)
    #expect(held >= 0)
    defer { close(held) }
    let r = try runShell(
      "cat fifo > got.html & $STRESS trend in.csv --html fifo; code=$?; wait; exit $code", in: dir)
    #expect(r.code == 0, "\(r.err)")
    let page = try String(contentsOf: dir.appendingPathComponent("got.html"), encoding: .utf8)
    #expect(page.contains("<html") && page.contains("</html>"), "\(page.prefix(200))")
  }
}
