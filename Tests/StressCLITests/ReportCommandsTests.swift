import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

/// `compare`, `report` and `merge` on crafted results files, in this process.
@Suite struct ReportCommandsTests {
  typealias F = ResultsFixtures

  /// Eight trials: enough for one cell of two to pass the correction across cells.
  let steady: [Double] = [1.00e6, 1.02e6, 0.98e6, 1.01e6, 0.99e6, 1.03e6, 0.97e6, 1.015e6]

  /// A file with a lock cell and an unprotected cell, `steady`'s trials each.
  func file(
    lock: [Double], lockOutcome: Outcome = .ok, bare: Outcome = .ok,
    environment: RunEnvironment = .current,
    startedAt: Date = Date(timeIntervalSince1970: 1_800_000_000)
  ) throws -> String {
    let records =
      lock.enumerated().map {
        F.trial(F.cell("lock"), $0.offset, opsPerSecond: $0.element, outcome: lockOutcome)
      }
      + steady.enumerated().map {
        F.trial(F.cell("unprotected"), $0.offset, opsPerSecond: $0.element, outcome: bare)
      }
    return try F.write(F.csv(records, environment: environment, startedAt: startedAt))
  }

  @Test func compareTheSameRunPasses() throws {
    let base = try file(lock: steady)
    let r = runInProcess(["compare", base, base])
    #expect(r.code == .success)
    #expect(r.out.contains("Unchanged within the threshold: 2 cells."))
    #expect(r.out.hasSuffix("PASS: no regression.\n"))
  }

  @Test func compareFailsOnAProtectedFailureOrHalvedThroughput() throws {
    let base = try file(lock: steady)
    let broken = runInProcess(["compare", base, try file(lock: steady, lockOutcome: .corrupt)])
    #expect(broken.code == .failure)
    #expect(broken.out.contains("REGRESSIONS: 1\n  s / lock / 2 threads: fails: corrupt 8/8"))
    let slow = runInProcess(["compare", base, try file(lock: steady.map { $0 / 2 })])
    #expect(slow.code == .failure)
    #expect(slow.out.contains("s / lock / 2 threads: -50.0% ops/s"))
    #expect(slow.out.hasSuffix("FAIL: 1 regression.\n"))
  }

  @Test func compareKeepsNoiseWithinTheThresholdAndReportsUnprotectedChanges() throws {
    let base = try file(lock: steady)
    let noisy = runInProcess(
      ["compare", base, try file(lock: steady.map { $0 * 0.93 }), "--threshold", "10%"])
    #expect(noisy.code == .success)
    let strict = runInProcess(
      ["compare", base, try file(lock: steady.map { $0 * 0.93 }), "--threshold", "5"])
    #expect(strict.code == .failure)
    let finding = runInProcess(["compare", base, try file(lock: steady, bare: .crash)])
    #expect(finding.code == .success)
    #expect(
      finding.out.contains(
        "CHANGES: 1\n  s / unprotected / 2 threads: unprotected verdict changed: now fails"))
  }

  @Test func changesTooFewTrialsCannotJudgeAreCountedNotListed() throws {
    let base = try file(lock: Array(steady.prefix(2)))
    let r = runInProcess(["compare", base, try file(lock: [3e6, 3e6])])
    #expect(r.code == .success)
    #expect(
      r.out.contains("NOT JUDGED ALONE: 1 cell moved beyond the threshold with too few trials"))
    #expect(!r.out.contains("INCONCLUSIVE"))
  }

  @Test func compareSaysWhichGroupsItCouldNotJudge() throws {
    // Four wrappers of 8 subjects, 2 trials a side, rw-barrier 35% slower throughout: too few
    // wrappers to measure how far one strays, so none is judged as a group, and it says so.
    let wrappers = ["unprotected", "lock", "serial-queue", "rw-barrier"]
    func records(slower: Bool) -> [TrialRecord] {
      wrappers.flatMap { w in
        (0..<8).flatMap { i in
          (0..<2).map { t in
            let level = slower && w == "rw-barrier" ? 0.65 : (i % 2 == 0 ? 0.97 : 1.03)
            return F.trial(
              F.cell(w, subject: "s\(i)"), t, opsPerSecond: 1e6 * level * (1 + 0.01 * Double(t)))
          }
        }
      }
    }
    let baseline = try F.write(F.csv(records(slower: false)))
    let current = try F.write(F.csv(records(slower: true)))
    let text = runInProcess(["compare", baseline, current])
    #expect(
      text.out.contains("GROUPS NOT JUDGED: 4 wrappers are too few to measure how far one strays"),
      "\(text.out)")
    #expect(!text.out.contains("wrapper rw-barrier (8 cells)"), "\(text.out)")
    let json = runInProcess(["compare", baseline, current, "--format", "json"])
    #expect(json.out.contains("\"not_judged\" : \"4 wrappers are too few"), "\(json.out)")
  }

  @Test func compareSpeaksMarkdownAndJSON() throws {
    let base = try file(lock: steady)
    let current = try file(lock: steady.map { $0 / 2 })
    let md = runInProcess(["compare", base, current, "--format", "markdown"])
    #expect(md.out.hasPrefix("## stress compare: FAIL: 1 regression."))
    #expect(
      md.out.contains(
        "### REGRESSIONS: 1\n\n| cell | what |\n| --- | --- |\n| s / lock / 2 threads |"))
    let json = runInProcess(["compare", base, current, "--format", "json"])
    #expect(json.code == .failure)
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(doc["passed"] as? Bool == false)
    #expect(doc["regressions"] as? Int == 1)
    let entries = try #require(doc["entries"] as? [[String: Any]])
    let lock = try #require(entries.first { $0["wrapper"] as? String == "lock" })
    #expect(lock["kind"] as? String == "regression")
    #expect((lock["throughput_change"] as? Double).map { abs($0 + 0.5) < 1e-9 } == true)
    #expect((lock["p_value"] as? Double).map { $0 < 0.01 } == true)
  }

  @Test func compareSaysFirstWhatChangedUnderTheRunsAndWhichVerdictsItChanged() throws {
    let was = RunEnvironment(toolchain: "swift-6.3.1", os: "Debian 12", cpus: 2)
    let now = RunEnvironment(toolchain: "swift-6.4", os: "Debian 12", cpus: 2)
    let base = try file(lock: steady, bare: .crash, environment: was)
    let current = try file(lock: steady, environment: now)
    let text = runInProcess(["compare", base, current])
    #expect(
      text.out.hasPrefix(
        "NEWS: The toolchain changed: toolchain swift-6.3.1 -> swift-6.4.\n"
          + "The toolchain changed this verdict:\n  s unsafe -> no failure seen\n\nBaseline:"))
    let md = runInProcess(["compare", base, current, "--format", "markdown"])
    #expect(md.out.contains("### News: The toolchain changed: toolchain swift-6.3.1 -> swift-6.4."))
    #expect(md.out.contains("| s | unsafe | no failure seen | no failure seen in 8 trials"))
    let json = runInProcess(["compare", base, current, "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let environment = try #require(doc["environment"] as? [String: Any])
    #expect(environment["changed"] as? Bool == true)
    #expect(environment["heading"] as? String == "the toolchain changed this verdict:")
    let changes = try #require(environment["verdict_changes"] as? [[String: Any]])
    #expect(changes.first?["baseline"] as? String == "unsafe")
    #expect(changes.first?["current"] as? String == "no failure seen")
    // The same environment: no news, however the verdicts moved.
    let same = runInProcess(["compare", base, try file(lock: steady, environment: was)])
    #expect(same.out.hasPrefix("Baseline:"))
    #expect(!same.out.contains("NEWS"))
    let sameJSON = runInProcess(
      ["compare", base, try file(lock: steady, environment: was), "--format", "json"])
    #expect(sameJSON.out.contains("\"changed\" : false"))
  }

  @Test func compareJudgesTheWholeRunEvenWithTwoTrialsASide() throws {
    func run(_ level: Double) throws -> String {
      let records = (0..<24).flatMap { i in
        [0, 1].map { t in
          F.trial(
            F.cell("lock", subject: "s\(i)"), t,
            opsPerSecond: level * 1e6 * (1 + 0.001 * Double(i * 2 + t)))
        }
      }
      return try F.write(F.csv(records))
    }
    let base = try run(1)
    let slow = runInProcess(["compare", base, try run(0.7)])
    #expect(slow.code == .failure)
    #expect(
      slow.out.contains(
        "WHOLE RUN: the whole run: 30.0% slower: 24 of 24 cells slower, 0 faster, p = 1.2e-07"))
    // Its only wrapper moved with the run: nothing stands out beside it.
    #expect(!slow.out.contains("wrapper lock (24 cells)"))
    #expect(slow.out.contains("the median cell -30.0%, a noise width of"))
    #expect(slow.out.contains("NOT JUDGED ALONE: 24 cells moved beyond the threshold"))
    #expect(slow.out.contains("Holm's correction across the groups"))
    #expect(slow.out.contains("Benjamini-Hochberg correction across the 24 matched cells"))
    let json = runInProcess(["compare", base, try run(0.7), "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(doc["correction"] as? String == "benjamini-hochberg")
    let groups = try #require(doc["groups"] as? [[String: Any]])
    #expect(groups.first?["scope"] as? String == "the whole run")
    #expect(groups.first?["kind"] as? String == "regression")
    let noise = try #require(doc["noise"] as? [String: Any])
    #expect((noise["median_cell_change"] as? Double).map { abs($0 + 0.3) < 1e-6 } == true)
    #expect(noise["cells"] as? Int == 24)
    let same = runInProcess(["compare", base, try run(1)])
    #expect(same.code == .success)
    #expect(same.out.contains("WHOLE RUN: the whole run: 0.0% faster: 0 of 24 cells slower"))
    let help = runInProcess(["compare", "--help"])
    #expect(help.out.contains("sign test") && help.out.contains("Benjamini-Hochberg"))
  }

  @Test func trendShowsNightsAsTextCSVJSONOrAPage() throws {
    let first = try file(lock: steady, bare: .crash)
    // The next night: another run, started a day later.
    let second = try file(
      lock: steady.map { $0 * 2 }, startedAt: Date(timeIntervalSince1970: 1_800_086_400))
    let text = runInProcess(["trend", first, second])
    #expect(text.code == .success)
    #expect(text.out.hasPrefix("NIGHTS\n  1  "))
    #expect(text.out.contains("  s: unsafe | no failure seen\n"))
    #expect(text.out.contains("  s / lock / 2 threads: 1.0M 2.0M\n"))
    let csv = runInProcess(["trend", first, second, "--format", "csv"])
    #expect(csv.out.hasPrefix(CSV.line(Trend.csvHeader)))
    #expect(CSV.parse(csv.out).count == 1 + 4)
    let json = runInProcess(["trend", first, second, "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((doc["nights"] as? [Any])?.count == 2)
    let page = URL(fileURLWithPath: first).deletingLastPathComponent()
      .appendingPathComponent("trend.html").path
    let html = runInProcess(["trend", first, second, "--html", page])
    #expect(html.code == .success)
    #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<svg"))
    // A JUnit file from a report, as the merge step publishes it.
    let junit = URL(fileURLWithPath: first).deletingLastPathComponent()
      .appendingPathComponent("junit.xml").path
    let report = runInProcess(["report", first, "--junit", junit])
    #expect(report.code == .success)
    #expect(try String(contentsOfFile: junit, encoding: .utf8).hasPrefix("<?xml"))
  }

  @Test func reportPrintsTablesJSONOrHTML() throws {
    let path = try file(lock: steady, bare: .crash)
    let text = runInProcess(["report", path])
    #expect(text.code == .success)
    #expect(text.out.contains("RESULTS (outcomes over trials, median ops/s)"))
    #expect(text.out.contains("unsafe: 8 of 8 trials failed (crash 8)"))
    let json = runInProcess(["report", path, "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((doc["cells"] as? [Any])?.count == 2)
    #expect(doc["trials"] as? Int == 16)
    let html = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("report.html").path
    let page = runInProcess(["report", path, "--html", html])
    #expect(page.code == .success)
    let written = try String(contentsOfFile: html, encoding: .utf8)
    #expect(written.hasPrefix("<!DOCTYPE html>"))
    #expect(written.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
  }

  @Test func readOnlyCellsUnderAReadSharingWrapperAreSaidToRunBare() throws {
    func cell(_ wrapper: String, _ readRatio: Double) -> Cell {
      var cell = F.cell(wrapper, subject: "nsarray")
      cell.readRatio = readRatio
      return cell
    }
    let records = [cell("rwlock", 1), cell("lock", 1)].flatMap { cell in
      (0..<3).map { F.trial(cell, $0) }
    }
    let path = try F.write(F.csv(records))
    let note =
      "rwlock runs reads together, so it leaves concurrent reads unprotected: under it, the "
      + "read-only nsarray ran as bare as under unprotected."
    let text = runInProcess(["report", path])
    #expect(
      text.out.contains("READS LEFT UNPROTECTED\n  rwlock runs reads together"), "\(text.out)")
    let json = runInProcess(["report", path, "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let shared = try #require(doc["shared_reads"] as? [String: Any])
    #expect(shared["wrappers"] as? [String] == ["rwlock"])
    #expect(shared["subjects"] as? [String] == ["nsarray"])
    #expect(shared["note"] as? String == note)
    let html = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("shared.html").path
    #expect(runInProcess(["report", path, "--html", html]).code == .success)
    #expect(
      try String(contentsOfFile: html, encoding: .utf8).contains(
        "<h2>Reads left unprotected</h2>\n<p class=\"note\">\(note)</p>"))
    // Reads under a lock take turns: nothing to say.
    let locked = try F.write(F.csv(records.filter { $0.cell.wrapper == "lock" }))
    #expect(!runInProcess(["report", locked]).out.contains("READS LEFT UNPROTECTED"))
  }

  @Test func listSaysWhichWrappersLeaveReadsUnprotected() throws {
    let text = runInProcess(["list"])
    #expect(
      text.out.contains("  Reads together: rw-barrier and rwlock guard writes only and leave"))
    let json = runInProcess(["list", "--format", "json"])
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let wrappers = try #require(doc["wrappers"] as? [[String: Any]])
    let sharing = wrappers.filter { $0["shares_reads"] as? Bool == true }.compactMap {
      $0["id"] as? String
    }
    #expect(sharing == ["rw-barrier", "rwlock"])
    #expect(wrappers.count > sharing.count)
  }

  @Test func reportRefusesOverlappingFiles() throws {
    let path = try file(lock: steady)
    let r = runInProcess(["report", path, path])
    #expect(r.code == .usage)
    #expect(r.err.hasPrefix("Error: '\(path)' and '\(path)' overlap"))
  }

  // MARK: - Bad input

  @Test(arguments: [
    (["compare"], "Error: Expected two results files, a baseline and a current run; got 0."),
    (["compare", "a.csv"], "Error: Expected two results files"),
    (["compare", "a.csv", "b.csv", "c.csv"], "Error: Expected two results files"),
    (
      ["compare", "a.csv", "b.csv", "--threshold", "0"],
      "Error: Invalid value '0' for '--threshold'"
    ),
    (
      ["compare", "a.csv", "b.csv", "--threshold", "1e-320"],
      "Error: Invalid value '1e-320' for '--threshold': expected a percentage from 0.1 to 1000"
    ),
    (
      ["trend", "a.csv", "--html", "t.html", "--format", "json"],
      "Error: '--format' and '--html' do not go together: --html writes a page, --format what is printed."
    ),
    (
      ["compare", "a.csv", "b.csv", "--threshold", "ten"],
      "Error: Invalid value 'ten' for '--threshold'"
    ),
    (
      ["compare", "a.csv", "b.csv", "--format", "xml"], "Error: Invalid value 'xml' for '--format'"
    ),
    (["compare", "a.csv", "-x"], "Error: Unexpected argument '-x'."),
    (["report"], "Error: No results file to report on."),
    (
      ["report", "a.csv", "--format", "markdown"], "Error: Invalid value 'markdown' for '--format'"
    ),
    (["report", "a.csv", "--html"], "Error: Missing value for '--html <path>'."),
    (["trend"], "Error: No results file to read."),
    (["trend", "a.csv", "--format", "markdown"], "Error: Invalid value 'markdown' for '--format'"),
    (["trend", "a.csv", "--html"], "Error: Missing value for '--html <path>'."),
    (["report", "a.csv", "--junit"], "Error: Missing value for '--junit <path>'."),
    (["merge", "a.csv"], "Error: Missing '-o <path>'"),
    (["merge", "-o", "x.csv"], "Error: No results files to merge."),
    (["list", "--format", "yaml"], "Error: Invalid value 'yaml' for '--format'"),
    (
      ["run", "--subjects", "noop", "--format", "jsn"],
      "Error: Invalid value 'jsn' for '--format': expected one of text, json. Did you mean 'json'?"
    ),
    (["run", "--subjects", "noop", "--shard", "3/2"], "Error: Invalid value '3/2' for '--shard'"),
    (["run", "--subjects", "noop", "--shard", "0/2"], "Error: Invalid value '0/2' for '--shard'"),
    (
      ["run", "--subjects", "noop", "--shard", "half"], "Error: Invalid value 'half' for '--shard'"
    ),
    (
      ["run", "--subjects", "noop", "--wrappers", "lock", "--threads", "1", "--shard", "2/2"],
      "Error: Shard 2/2 has no cells: the plan has only 1."
    ),
  ])
  func badInputIsOneErrorLineAndExit64(arguments: [String], message: String) throws {
    let dir = try temporaryDirectory()
    let out = dir.appendingPathComponent("never").path
    let extra = arguments.first == "run" ? ["--out", out] : []
    let r = runInProcess(arguments + extra)
    #expect(r.code == .usage)
    let lines = r.err.split(separator: "\n")
    #expect(lines.first.map { $0.hasPrefix(message) } == true, "\(r.err)")
    #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)
    #expect(r.err.contains("Usage: stress"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// A results file that is missing or not one: one `Error:` line, exit 2, nothing written.
  @Test(arguments: [
    ("missing", "No such results file: '"),
    ("garbage", "is not a results CSV: it is not UTF-8 text"),
    ("summary", "it is a per-cell summary"),
    ("torn", "fields where the header has"),
  ])
  func unusableResultsFilesAreOneErrorLineAndExit2(kind: String, message: String) throws {
    let good = try file(lock: steady)
    let dir = URL(fileURLWithPath: good).deletingLastPathComponent()
    let bad = dir.appendingPathComponent("bad.csv").path
    switch kind {
    case "missing": break
    case "garbage": try Data((0..<512).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: bad))
    case "summary":
      try CSV.line(SummaryColumns.header).write(toFile: bad, atomically: true, encoding: .utf8)
    default:
      try (F.csv([F.trial(F.cell("lock"), 0)]) + "x,y\r\n").write(
        toFile: bad, atomically: true, encoding: .utf8)
    }
    let out = dir.appendingPathComponent("out").path
    for arguments in [
      ["report", bad], ["report", good, bad, "--html", out], ["compare", good, bad],
      ["compare", bad, good], ["merge", good, bad, "-o", out],
    ] {
      let r = runInProcess(arguments)
      #expect(r.code == .harness, "\(arguments)")
      #expect(r.err.hasPrefix("Error: ") && r.err.contains(message), "\(arguments): \(r.err)")
      #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
      #expect(r.out.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }

  @Test func unwritableReportsAreOneErrorLine() throws {
    let good = try file(lock: steady)
    // A path that can never be written is refused before the files are read (exit 64); a
    // device that fails the write is a runtime failure (exit 2).
    let html = runInProcess(["report", good, "--html", "/no/such/dir/r.html"])
    #expect(html.code == .usage)
    #expect(
      html.err
        == "Error: '--html' '/no/such/dir/r.html' cannot be written: no such directory '/no/such/dir'.\n"
    )
    let merged = runInProcess(["merge", good, "-o", "/dev/full"])
    #expect(merged.code == .harness)
    #expect(merged.err.hasPrefix("Error: writing to '/dev/full' failed"))
  }

  @Test func reportsGoToPipesAsTheyAre() throws {
    // /proc/self/fd/N is a pipe in a directory where nothing can be created: the report is
    // written into it, not beside it.
    let pipe = Pipe()
    let path = "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)"
    let r = runInProcess(["report", try file(lock: steady), "--html", path])
    #expect(r.code == .success, "\(r.err)")
    try pipe.fileHandleForWriting.close()
    let html = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.hasSuffix("</html>\n"))
  }

  @Test func listSpeaksJSON() throws {
    let r = runInProcess(["list", "--format", "json"])
    #expect(r.code == .success)
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let subjects = try #require(doc["subjects"] as? [[String: Any]])
    #expect(subjects.contains { $0["id"] as? String == "swift-array" })
    #expect(!subjects.contains { $0["id"] as? String == "selftest-crash" })
    let wrappers = try #require(doc["wrappers"] as? [[String: Any]])
    #expect(
      wrappers.contains { $0["id"] as? String == "actor" && $0["driver"] as? String == "tasks" })
    let suites = try #require(doc["suites"] as? [[String: Any]])
    #expect(suites.contains { $0["name"] as? String == "collections" })
  }
}
