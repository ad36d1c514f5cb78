import Foundation
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
    func save(_ arguments: [String], _ name: String) throws -> String {
      let path = dir.appendingPathComponent(name).path
      try runStress(arguments).out.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let report = try save(["report", csv.path, "--format", "json"], "report.json")
    let lists = try save(["list", "--lists", "--format", "json"], "lists.json")
    // --all: the self-test is hidden from the plain listing.
    let listing = try save(["list", "--all", "--format", "json"], "listing.json")
    let table = try runShell(
      "python3 '\(packageRoot.path)/scripts/foundation_table.py' '\(report)' '\(csv.path)' "
        + "'\(lists)' '\(listing)' --command 'stress run --suite all' --minutes 3", in: dir)
    #expect(table.code == 0, "\(table.err)")
    let text = table.out
    // Its top names the command, the toolchain and the machine, from the run's own CSV.
    let row = try #require(try readRows(csv).first)
    #expect(text.contains("from one run of `stress run --suite all` (run \(row["run_id"] ?? "")"))
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
