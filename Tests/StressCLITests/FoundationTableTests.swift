import Foundation
import StressKit
import StressTestSupport
import Testing

/// The published table (docs/foundation-on-linux.md) as its script renders it, from a real run.
@Suite struct FoundationTableTests {
  @Test func theTableShowsEveryListEntryAndEverySubjectDocumentedAgainstMeasured() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    // A crash under a lock is a protected failure the table must show, with its kind.
    let run = try runStress([
      "run", "--subjects", "nsarray,nsmutablearray,selftest-crash", "--wrappers",
      "unprotected,lock", "--threads", "1,2", "--trials", "2", "--ops", "200", "--out", csv.path,
      "--quiet",
    ])
    #expect(run.code == 1, "\(run.err)")
    let report = try save(in: dir, ["report", csv.path, "--format", "json"], "report.json")
    let lists = try save(in: dir, ["list", "--lists", "--format", "json"], "lists.json")
    // --all: the self-test is hidden from the plain listing.
    let listing = try save(in: dir, ["list", "--all", "--format", "json"], "listing.json")
    let table = try runShell(
      "python3 '\(packageRoot.path)/scripts/foundation_table.py' '\(report)' '\(csv.path)' "
        + "'\(lists)' '\(listing)' --command 'stress run --suite all' --minutes 3", in: dir)
    #expect(table.code == 0, "\(table.err)")
    let text = table.out
    // Its top names the command, the toolchain and the machine, from the run's own CSV.
    let row = try #require(try readRows(csv).first)
    #expect(text.contains("from `stress run --suite all` (run \(row["run_id"] ?? "")"))
    #expect(text.contains("in 3 minutes): \(row["toolchain"] ?? ""), \(row["os"] ?? "")"))
    #expect(text.contains("\(row["cpus"] ?? "") CPUs"))
    // Every entry of both lists: present and run, present and not run, present without a
    // subject (with why), absent.
    let section = try #require(text.components(separatedBy: "## Every other subject").first)
    let names = section.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst(2)
      .map { $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "" }
    #expect(Set(names).count == 75)
    #expect(text.contains("| NSArray | safe | `NSArray` | `nsarray` | "))
    #expect(text.contains("| NSMutableArray | unsafe | `NSMutableArray` | `nsmutablearray` | "))
    #expect(text.contains("| NSData | safe | `NSData` | `nsdata` | not in this run | - |"))
    #expect(text.contains("| NSProxy | safe | absent | - | - | - |"))
    #expect(text.contains("| NSPort | unsafe | `Port` | - | no subject: Port is abstract"))
    // Every other subject, with its failures unprotected and under protection.
    #expect(
      text.contains(
        "| `selftest-crash` | not listed | self-test: traps on thread 1's first write | "
          + "**unsafe**: 2 of 2 trials failed (crash 2) | lock (crash 2) |"), "\(text)")
    #expect(!text.contains("| `nsarray` | safe |"))
  }

  /// A power run adds its trials to the first run's, each "no failure seen" row states its
  /// bound in trials, thread counts and operations (short of 300 trials, it says so), each
  /// tracked issue's status stands beside what the run saw, in both directions, and TSan's
  /// reports beside the outcomes.
  @Test func rowsStateTheirBoundUpstreamStatusAndTSanFromARealRun() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let powerCSV = dir.appendingPathComponent("p.csv")
    let first = try runStress([
      "run", "--subjects", "nsarray,selftest-crash", "--wrappers", "unprotected", "--threads",
      "1,2", "--trials", "2", "--ops", "200", "--out", csv.path, "--quiet",
    ])
    #expect(first.code == 0 || first.code == 1, "\(first.err)")
    let power = try runStress([
      "run", "--subjects", "nsarray", "--wrappers", "unprotected", "--threads", "2,4",
      "--trials", "3", "--ops", "200", "--out", powerCSV.path, "--quiet",
    ])
    #expect(power.code == 0, "\(power.err)")
    let report = try save(in: dir, ["report", csv.path, "--format", "json"], "report.json")
    let powerReport = try save(
      in: dir, ["report", powerCSV.path, "--format", "json"], "power.json")
    let lists = try save(in: dir, ["list", "--lists", "--format", "json"], "lists.json")
    let listing = try save(in: dir, ["list", "--all", "--format", "json"], "listing.json")
    // Four issues, one per way a run can stand beside upstream, and one without a subject.
    func issue(_ number: Int, _ subject: String?, status: String, fixedIn: String?) -> String {
      let fixed = fixedIn.map { "\"\($0)\"" } ?? "null"
      let aim =
        subject.map { ", \"subject\": \"\($0)\", \"trigger\": {\"call\": \"x\", \"input\": \"-\"}" }
        ?? ", \"subject\": null"
      return """
        {"tracker": "swift-foundation", "number": \(number), "kind": "issue", "title": "t\(number)",
         "types": ["T"], "status": "\(status)", "fixed_in": \(fixed), "effect": "e"\(aim)}
        """
    }
    let upstream = dir.appendingPathComponent("upstream.json")
    try """
    {"issues": [\(issue(1, "selftest-crash", status: "open", fixedIn: nil)),
      \(issue(2, "selftest-crash", status: "fixed", fixedIn: "6.0")),
      \(issue(3, "nsarray", status: "open", fixedIn: "99.0")),
      \(issue(4, "nsarray", status: "fixed", fixedIn: "6.0")),
      \(issue(5, nil, status: "open", fixedIn: nil)),
      \(issue(6, nil, status: "open", fixedIn: nil).replacingOccurrences(
        of: "\"subject\": null", with: "\"subject\": null, \"why_no_subject\": \"needs TLS\""))]}
    """.write(to: upstream, atomically: true, encoding: .utf8)
    // TSan's count, on the real trials: 3 reports on each of selftest-crash's 2-thread trials.
    var rows = CSV.parse(try String(contentsOf: csv, encoding: .utf8))
    let header = rows[0]
    let column = try #require(header.firstIndex(of: "tsan_reports"))
    let subject = try #require(header.firstIndex(of: "subject"))
    let threads = try #require(header.firstIndex(of: "threads"))
    for i in rows.indices.dropFirst() where rows[i][subject] == "selftest-crash" {
      rows[i][column] = rows[i][threads] == "2" ? "3" : "0"
    }
    let tsan = dir.appendingPathComponent("tsan.csv")
    try rows.map(CSV.line).joined(separator: "\n")
      .write(to: tsan, atomically: true, encoding: .utf8)

    let table = try runShell(
      "python3 '\(packageRoot.path)/scripts/foundation_table.py' '\(report)' '\(csv.path)' "
        + "'\(lists)' '\(listing)' --command 'stress run' --power '\(powerReport)' "
        + "--power-command 'stress run --threads 2,4' --upstream '\(upstream.path)' "
        + "--tsan '\(tsan.path)' --tsan-command 'scripts/tsan.sh'", in: dir)
    #expect(table.code == 0, "\(table.err)")
    let text = table.out
    #expect(text.contains("and its power run `stress run --threads 2,4`"))

    // nsarray's bound: both runs' powered trials, thread counts and operations.
    struct Report: Decodable {
      struct Verdict: Decodable {
        var subject: String
        var powered_trials: Int
        var powered_threads: [Int]
        var powered_operations: Int
      }
      var verdicts: [Verdict]
    }
    let decoded = try [report, powerReport].map {
      try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: $0)))
    }
    let nsarray = decoded.flatMap(\.verdicts).filter { $0.subject == "nsarray" }
    let powered = nsarray.map(\.powered_trials).reduce(0, +)
    let operations = nsarray.map(\.powered_operations).reduce(0, +)
    let counts = Set(nsarray.flatMap(\.powered_threads)).sorted()
    let row = try #require(text.split(separator: "\n").first { $0.contains("| `nsarray` |") })
    if powered > 0 {
      let spelled =
        counts.count == 1
        ? "\(counts[0])"
        : counts.map(String.init).joined(separator: ", ")
          .replacingOccurrences(of: ", \(counts.last!)", with: " and \(counts.last!)")
      #expect(
        row.contains(
          "no failure seen in \(powered) powered trials at \(spelled) threads "
            + "(\(grouped(operations)) operations)"),
        "\(row)")
      #expect(row.contains("short of the 300 trials over 2 thread counts"), "\(row)")
      // Each powered cell's trial 1 was focused, on the rotation's first pair.
      #expect(row.contains("of them focused, on 1 (call, edge value) pair, "), "\(row)")
      // Open for this toolchain, not reproduced; fixed, not reproduced.
      #expect(
        row.contains(
          "#3](https://github.com/swiftlang/swift-foundation/issues/3) open for this toolchain (fixed in 99.0): **not reproduced here**"
        ), "\(row)")
      #expect(
        row.contains(
          "#4](https://github.com/swiftlang/swift-foundation/issues/4) fixed in 6.0: not reproduced: agrees"
        ), "\(row)")
    } else {
      #expect(row.contains("inconclusive"), "\(row)")
    }
    let crash = try #require(
      text.split(separator: "\n").first {
        $0.contains("| `selftest-crash` |") && $0.contains("**unsafe**")
      })
    #expect(
      crash.contains(
        "#1](https://github.com/swiftlang/swift-foundation/issues/1) open: reproduced: agrees"),
      "\(crash)")
    #expect(
      crash.contains(
        "#2](https://github.com/swiftlang/swift-foundation/issues/2) fixed in 6.0: **reproduced here though marked fixed**"
      ), "\(crash)")
    #expect(crash.hasSuffix("| 6 in 2 of 2 trials |"), "\(crash)")
    #expect(row.hasSuffix("| none in 2 trials |") || row.hasSuffix("| - |"), "\(row)")
    // The issues' own section, the one no subject aims at among them; what each subject calls.
    #expect(text.contains("| t5 | T | - | - | e | no subject aims at it yet |"))
    #expect(text.contains("| t6 | T | - | - | e | no subject aims at it: needs TLS |"))
    #expect(text.contains("## What each subject calls"))
    #expect(text.contains("| `nsarray` | `object(at:)`; `for-in"))
    #expect(text.contains("TSan sees races in code built with it"))
  }

  /// Saves what `stress arguments` printed as `name` in `dir`, and gives its path.
  func save(in dir: URL, _ arguments: [String], _ name: String) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try runStress(arguments).out.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// 12,345: as the table spells a count of operations under a million.
  func grouped(_ n: Int) -> String {
    var digits = String(n)
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return digits + out
  }

  /// The script refuses what it does not know before building or running anything, and
  /// re-renders only from a directory a run left.
  @Test func theScriptRefusesBadArgumentsAndAnEmptyRenderDirectory() throws {
    let dir = try temporaryDirectory()
    let script = "'\(packageRoot.path)/scripts/foundation-table.sh'"
    let bad = try runShell("\(script) --power-trials many", in: dir)
    #expect(bad.code == 64 && bad.err.hasPrefix("Error: --power-trials must be a whole number."))
    let unknown = try runShell("\(script) --frobnicate", in: dir)
    #expect(unknown.code == 64 && unknown.err.hasPrefix("Error: unknown argument '--frobnicate'."))
    let empty = try runShell("\(script) --render '\(dir.path)' --out t.md", in: dir)
    #expect(empty.code == 66 && empty.err.hasPrefix("Error: "), "\(empty.err)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.md").path))
  }

  @Test func anUnreadableRunIsOneErrorLine() throws {
    let dir = try temporaryDirectory()
    let table = try runShell(
      "python3 '\(packageRoot.path)/scripts/foundation_table.py' missing.json missing.csv "
        + "missing.json missing.json --command x", in: dir)
    #expect(table.code == 2)
    #expect(table.err.hasPrefix("Error: cannot read the run: "))
    #expect(table.out.isEmpty)
  }
}
