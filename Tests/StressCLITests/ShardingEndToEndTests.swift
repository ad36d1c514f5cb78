import Foundation
import StressKit
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Sharded runs merged back, JUnit and JSON from real runs of the built executable.
@Suite struct ShardingEndToEndTests {
  let plan = [
    "run", "--subjects", "counter,noop,selftest-crash", "--wrappers", "unprotected,lock",
    "--threads", "1,2", "--mode", "quick", "--trials", "2", "--seed", "9",
  ]

  /// Subject, wrapper, threads and trial of every row of the plan's cells.
  func trials(_ url: URL) throws -> [[String]] {
    try readRows(url).filter { $0["subject"] != "positive-control" }.map { row in
      ["subject", "wrapper", "threads", "trial"].map { row[$0] ?? "" }
    }
  }

  /// The positive control's trial numbers, sorted.
  func controlTrials(_ url: URL) throws -> [Int] {
    try readRows(url).filter { $0["subject"] == "positive-control" }.compactMap {
      Int($0["trial"] ?? "")
    }.sorted()
  }

  @Test func mergedShardsHoldTheUnshardedRunsTrialsInItsOrder() throws {
    let dir = try temporaryDirectory()
    let whole = dir.appendingPathComponent("whole.csv")
    _ = try runStress(plan + ["--out", whole.path, "--quiet"])
    var shards: [String] = []
    for i in 1...3 {
      let path = dir.appendingPathComponent("shard\(i).csv").path
      let r = try runStress(plan + ["--shard", "\(i)/3", "--out", path, "--quiet"])
      // Cell 11 of 12, selftest-crash under lock at 2 threads, fails shard 3 only.
      #expect(r.code == (i == 3 ? 1 : 0), "\(r.err)")
      shards.append(path)
    }
    #expect(try readRows(URL(fileURLWithPath: shards[1])).allSatisfy { $0["shard"] == "2/3" })
    let merged = dir.appendingPathComponent("merged.csv")
    let r = try runStress(["merge", shards[2], shards[0], shards[1], "-o", merged.path])
    #expect(r.code == 0, "\(r.err)")
    // 24 of the cells and 6 of the control: one after each of the 6 cells at 2 threads.
    #expect(r.out == "Merged 30 trials from 3 files (shards 1/3, 2/3, 3/3) into \(merged.path)\n")
    #expect(try trials(merged) == trials(whole))
    // The shards number the control's trials apart (shard i of 3 takes i-1, i+2...), so
    // none collide: as many as the unsharded run's, each once.
    #expect(try controlTrials(whole) == Array(0..<6))
    #expect(try controlTrials(merged) == [0, 1, 2, 3, 4, 5])
    // Without a shard, the merge says so and still joins what it has.
    let partial = try runStress(["merge", shards[0], shards[2], "-o", merged.path])
    #expect(partial.err == "Note: shard 2/3 missing: the merge holds 2 of 3.\n")
    let overlap = try runStress(["merge", shards[0], shards[0], "-o", merged.path])
    #expect(overlap.code == 64)
  }

  @Test func junitAndJSONDescribeTheSameRun() throws {
    let dir = try temporaryDirectory()
    let junit = dir.appendingPathComponent("run.xml")
    // Subjects whose outcomes are certain: noop never fails, selftest-crash always traps when
    // a second thread writes.
    let certain = plan.map { $0 == "counter,noop,selftest-crash" ? "noop,selftest-crash" : $0 }
    let r = try runStress(
      certain + [
        "--out", dir.appendingPathComponent("r.csv").path, "--junit", junit.path, "--format",
        "json",
      ])
    #expect(r.code == 1)
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(doc["passed"] as? Bool == false)
    #expect((doc["cells"] as? [Any])?.count == 8)
    // 16 trials of the cells and 4 of the control, one after each cell at 2 threads (fewer than
    // its minimum of 20 there).
    #expect(doc["trials"] as? Int == 20)
    let control = try #require(doc["control"] as? [[String: Any]])
    #expect(control.count == 1 && control[0]["threads"] as? Int == 2)
    #expect(control[0]["trials"] as? Int == 4)
    #expect(doc["failing_trials"] as? Int == 2)
    let run = try #require(doc["run"] as? [String: Any])
    #expect(run["seed"] as? Int == 9)
    let xml = try #require(
      ElementCollectorCLI.parse(try String(contentsOf: junit, encoding: .utf8)))
    // A testsuite per subject and one for the control, with a testcase at 2 threads.
    #expect(xml.count("testsuite") == 3)
    #expect(xml.count("testcase") == 9)
    // selftest-crash crashes at 2 threads: under lock a failure; unprotected a finding. The
    // control's caught races are findings too, never a failure.
    #expect(xml.count("failure") == 1)
    #expect(xml.count("system-out") <= 2)
  }
}

/// Counts elements of a well-formed XML document.
final class ElementCollectorCLI: NSObject, XMLParserDelegate {
  var names: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    names.append(name)
  }

  static func parse(_ xml: String) -> ElementCollectorCLI? {
    let collector = ElementCollectorCLI()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = collector
    return parser.parse() ? collector : nil
  }

  func count(_ name: String) -> Int { names.filter { $0 == name }.count }
}
