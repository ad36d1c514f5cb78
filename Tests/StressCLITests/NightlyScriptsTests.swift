import Foundation
import StressTestSupport
import Testing

/// The nightly job's CI files and the scripts they run: the workflow and the Kubernetes
/// manifest parse, and the workflow's own command lines, run as its matrix would run them
/// (3 shards, then the merge), give the unsharded run.
@Suite struct NightlyScriptsTests {
  let workflowPath = packageRoot.appendingPathComponent("scripts/ci/github-nightly.yml").path
  let manifestPath = packageRoot.appendingPathComponent("scripts/ci/k8s-nightly-job.yaml").path

  func workflow() throws -> YAMLDocument {
    try YAMLDocument.parse(String(contentsOfFile: workflowPath, encoding: .utf8))
  }

  /// The `run` text of the step of `job` whose name starts with `name`.
  func run(_ job: String, _ name: String) throws -> String {
    let steps = try #require(try workflow()["jobs"]?[job]?["steps"]).items
    let step = try #require(steps.first { $0["name"]?.string?.hasPrefix(name) == true })
    return try #require(step["run"]?.string)
  }

  @Test func theWorkflowIsAMatrixOfShardsAndAMerge() throws {
    let jobs = try #require(try workflow()["jobs"])
    #expect(jobs.keys == ["shard", "merge"])
    let matrix = try #require(jobs["shard"]?["strategy"]?["matrix"]?["shard"]).items
    #expect(matrix.compactMap(\.string) == ["1", "2", "3", "4"])
    #expect(jobs["shard"]?["strategy"]?["fail-fast"]?.string == "false")
    #expect(jobs["merge"]?["needs"]?.string == "shard")
    #expect(jobs["merge"]?["if"]?.string == "always()")
    let shard = try run("shard", "Run one shard")
    #expect(
      shard.hasPrefix(
        "scripts/nightly-shard.sh --shard ${{ matrix.shard }}/${{ strategy.job-total }} "
          + "--seed ${{ github.run_id }} --time-budget 5m"))
    #expect(try run("merge", "Merge").contains("scripts/nightly-merge.sh shards/shard-*.csv"))
    // The last 30 nights stay in the cache, and tonight joins them passing or not.
    #expect(try run("merge", "Merge").contains("--history history --keep 30"))
    let steps = try #require(jobs["merge"]?["steps"]).items
    let save = try #require(steps.first { $0["name"]?.string?.hasPrefix("Keep tonight") == true })
    #expect(save["if"]?.string == "always()")
    #expect(save["with"]?["path"]?.string == "history")
  }

  @Test func theKubernetesIndexedJobMakesItsIndexTheShard() throws {
    let documents = try YAMLDocument.parseAll(String(contentsOfFile: manifestPath, encoding: .utf8))
    #expect(documents.map { $0["kind"]?.string } == ["Job", "Job"])
    let shards = documents[0]
    #expect(shards["spec"]?["completionMode"]?.string == "Indexed")
    let completions = try #require(shards["spec"]?["completions"]?.string)
    #expect(shards["spec"]?["parallelism"]?.string == completions)
    let container = try #require(shards["spec"]?["template"]?["spec"]?["containers"]?[0])
    let command = try #require(container["args"]?[0]?.string)
    #expect(
      command.hasPrefix(
        "scripts/nightly-shard.sh --shard $((JOB_COMPLETION_INDEX + 1))/\(completions) "))
    #expect(command.contains("--time-budget 5m"))
    let merge = try #require(
      documents[1]["spec"]?["template"]?["spec"]?["containers"]?[0]?["args"]?[0]?.string)
    #expect(
      merge.contains("scripts/nightly-merge.sh /results/shards/*/shard-*-of-\(completions).csv"))
    // A passing night keeps its build beside its results, and the next re-runs flags with it.
    #expect(merge.contains("--baseline-bin /results/baseline/stress"))
    #expect(merge.contains("show-bin-path)/stress\" /results/baseline/stress"))
  }

  @Test func theWorkflowsCommandsOnThreeShardsGiveTheUnshardedRun() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("scripts"),
      withDestinationURL: packageRoot.appendingPathComponent("scripts"))
    // Outcomes certain whatever the machine: noop never fails, selftest-crash traps when a
    // second thread writes (under lock too, so the night fails as a protected failure).
    let suite = dir.appendingPathComponent("tiny.json")
    try """
    {"subjects": ["noop", "selftest-crash"], "wrappers": ["unprotected", "lock"],
     "threads": [1, 2],
     "budgets": {"quick": {"trials": 2, "ops": 1000, "timeout": 5, "warmup": 0}}}
    """.write(to: suite, atomically: true, encoding: .utf8)
    // The workflow's command lines with its matrix filled in for 3 shards; the suite, the mode
    // and the binary are this test's (later flags win), its 5-minute budget is dropped.
    let shard =
      try run("shard", "Run one shard")
      .replacingOccurrences(of: "${{ strategy.job-total }}", with: "3")
      .replacingOccurrences(of: "${{ github.run_id }}", with: "42")
      .replacingOccurrences(of: " --time-budget 5m", with: "")
      + " --suite \(suite.path) --mode quick --bin \"$STRESS\""
    for i in 1...3 {
      let r = try runShell(
        shard.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(i)"), in: dir,
        timeout: 120)
      #expect(r.code == 0, "shard \(i): \(r.err)")
      #expect(r.out.contains("Shard \(i)/3 of suite"))
    }
    let merge = try run("merge", "Merge").replacingOccurrences(
      of: "scripts/nightly-merge.sh", with: "scripts/nightly-merge.sh --bin \"$STRESS\"")
    let merged = try runShell(merge, in: dir, timeout: 120)
    // The failing protected cell ran in one shard, whose job passed; the merge judges the night.
    #expect(merged.code == 1, "\(merged.out)\n\(merged.err)")
    let night = dir.appendingPathComponent("Results/nightly")
    for file in ["results.csv", "junit.xml", "report.html", "summary.json"] {
      #expect(FileManager.default.fileExists(atPath: night.appendingPathComponent(file).path))
    }
    let whole = dir.appendingPathComponent("whole.csv")
    _ = try runStress(
      [
        "run", "--suite", suite.path, "--mode", "quick", "--seed", "42", "--out", whole.path,
        "--quiet",
      ])
    // The cells' trials in the unsharded order, with the same seeds and outcomes; the
    // positive control's trials are numbered apart per shard (shard i of n takes i-1, i-1+n,
    // ...), so they match in number, each trial once.
    func cells(_ url: URL) throws -> [[String]] {
      try readRows(url).filter { $0["subject"] != "positive-control" }.map { row in
        ["subject", "wrapper", "threads", "read_ratio", "trial", "seed", "outcome"].map {
          row[$0] ?? ""
        }
      }
    }
    func controls(_ url: URL) throws -> [String] {
      try readRows(url).filter { $0["subject"] == "positive-control" }.map { $0["trial"] ?? "" }
        .sorted()
    }
    let mergedFile = night.appendingPathComponent("results.csv")
    #expect(try cells(mergedFile).count == 16)
    #expect(try cells(mergedFile) == cells(whole))
    let mergedControls = try controls(mergedFile)
    #expect(mergedControls.count == (try controls(whole)).count)
    #expect(Set(mergedControls).count == mergedControls.count)
    // With last night as the baseline the same commands compare, and publish the markdown.
    let baseline = dir.appendingPathComponent("baseline")
    try FileManager.default.createDirectory(at: baseline, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: whole, to: baseline.appendingPathComponent("results.csv"))
    let compared = try runShell(merge, in: dir, timeout: 120)
    #expect(compared.out.contains("WHOLE RUN: the whole run"))
    #expect(FileManager.default.fileExists(atPath: night.appendingPathComponent("compare.md").path))
    // The history: the same night merged twice is one night; the trend page and CSV are written.
    let history = try FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent("history").path)
    #expect(history.count == 1 && history[0].hasPrefix("night-"))
    let trend = try String(
      contentsOf: night.appendingPathComponent("trend.csv"), encoding: .utf8)
    #expect(trend.hasPrefix("night,started_at,run_id"))
    #expect(FileManager.default.fileExists(atPath: night.appendingPathComponent("trend.html").path))
  }

  @Test func aPassingNightKeepsItsBuildAndTheNextMergeReRunsWithIt() throws {
    let dir = try temporaryDirectory()
    // The merge step's arguments, as its text passes them (the script echoed, not run).
    let merge = try run("merge", "Merge").replacingOccurrences(
      of: "scripts/nightly-merge.sh", with: "echo scripts/nightly-merge.sh")
    func arguments() throws -> String {
      let r = try runShell(merge, in: dir)
      #expect(r.code == 0, "\(r.err)")
      return r.out
    }
    #expect(!(try arguments()).contains("--baseline"))
    // Tonight passed: the step keeps its results and the release build the merge used
    // (`swift build --show-bin-path`, answered here by a stand-in for swift).
    let bin = dir.appendingPathComponent("bin")
    let night = dir.appendingPathComponent("Results/nightly")
    for folder in [bin, night, dir.appendingPathComponent("fake")] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try "trials".write(
      to: night.appendingPathComponent("results.csv"), atomically: true, encoding: .utf8)
    try "#!/bin/sh\necho the build of tonight\n".write(
      to: bin.appendingPathComponent("stress"), atomically: true, encoding: .utf8)
    try "#!/bin/sh\necho \"\(bin.path)\"\n".write(
      to: dir.appendingPathComponent("fake/swift"), atomically: true, encoding: .utf8)
    for tool in ["bin/stress", "fake/swift"] {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: dir.appendingPathComponent(tool).path)
    }
    let keep = try runShell(
      "PATH=\"$PWD/fake:$PATH\"\n" + run("merge", "Make tonight the next baseline"), in: dir)
    #expect(keep.code == 0, "\(keep.err)")
    let kept = dir.appendingPathComponent("baseline/stress")
    #expect(FileManager.default.isExecutableFile(atPath: kept.path))
    #expect(try runShell(kept.path, in: dir).out == "the build of tonight\n")
    // The next night compares against those results and re-runs its flags with that build.
    #expect(
      try arguments().hasSuffix(
        "--baseline baseline/results.csv --baseline-bin baseline/stress\n"))
    // A build without its results is no baseline.
    try FileManager.default.removeItem(at: dir.appendingPathComponent("baseline/results.csv"))
    #expect(!(try arguments()).contains("--baseline"))
  }

  @Test func theYAMLReaderReadsWhatTheFilesUseAndRefusesTheRest() throws {
    let text = """
      # a comment
      name: nightly  # trailing
      on:
        schedule:
          - cron: "17 3 * * *"
        workflow_dispatch: {}
      list: [1, 2, 'three']
      steps:
        - name: a
          run: |
            echo one
            echo two
        - run: >-
            folded
            line
      """
    let doc = try YAMLDocument.parse(text)
    #expect(doc.keys == ["name", "on", "list", "steps"])
    #expect(doc["name"]?.string == "nightly")
    #expect(doc["on"]?["schedule"]?[0]?["cron"]?.string == "17 3 * * *")
    #expect(doc["on"]?["workflow_dispatch"] == .mapping([]))
    #expect(doc["list"]?.items.compactMap(\.string) == ["1", "2", "three"])
    #expect(doc["steps"]?[0]?["run"]?.string == "echo one\necho two\n")
    #expect(doc["steps"]?[1]?["run"]?.string == "folded line")
    let broken = [
      "a: 1\n\tb: 2", "a: 1\na: 2", "a:\n  b: 1\n    c: 2", "a: \"open", "a: [1, 2",
      "a: 1\n- b", "a:\n  - x\n  y: 1",
    ]
    for text in broken {
      #expect(throws: YAMLDocument.ParseError.self, "\(text)") { try YAMLDocument.parse(text) }
    }
  }
}
