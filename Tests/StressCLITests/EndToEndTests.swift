import Foundation
import Testing

@testable import StressKit
@testable import StressKitRun
@testable import StressPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// The built `stress` executable, run as a user runs it: workers in child processes, crashes
/// and hangs turned into rows, a CSV on disk.
@Suite(.serialized) struct EndToEndTests {
  /// A suite file with the self-test subjects; the crash and the hang come first, so the rows
  /// after them prove the run went on.
  func selfTestSuite(in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("selftest.json").path
    try """
    {
      "description": "harness self-test",
      "subjects": ["selftest-crash", "selftest-hang", "counter"],
      "wrappers": ["unprotected", "lock"],
      "threads": [2],
      "budgets": {"default": {"trials": 2, "ops": 200, "timeout": 1}}
    }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func crashesAndHangsAreRowsAndTheRunGoesOn() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--suite", try selfTestSuite(in: dir), "--out", csv.path, "--seed", "5",
    ])
    // selftest-crash and selftest-hang under `lock` are protected failures: exit 1.
    #expect(r.code == 1, "\(r.err)")
    // The control goes on after every cell, crashed and hung ones included, in a fresh worker.
    #expect(try readRows(csv).filter { $0["subject"] == "positive-control" }.count == 3 * 2)
    let rows = try readCellRows(csv)
    #expect(rows.count == 3 * 2 * 2)
    for row in rows where row["subject"] == "selftest-crash" {
      #expect(row["outcome"] == "crash")
      // Where it crashed, symbolicated, past the runtime's fatal-error machinery; then why.
      #expect(
        try row.text("detail").hasPrefix("SIGILL in SelfTestCrash.write(_:) (stress) <- "),
        "\(row["detail"] ?? "")")
      #expect(try row.text("detail").contains("selftest-crash: deliberate trap"))
      #expect(row["ops_per_sec"] == "")
    }
    for row in rows where row["subject"] == "selftest-hang" {
      #expect(row["outcome"] == "hang")
      #expect(try row.text("detail").contains("no result within 1 s; worker killed"))
      #expect(row["seconds"] == "")
    }
    for row in rows where row["subject"] == "counter" && row["wrapper"] == "lock" {
      #expect(row["outcome"] == "ok")
      #expect(row["ops"] == "400")
      #expect(try row.number("ops_per_sec") > 0)
    }
    let first = try #require(rows.first)
    #expect(first["suite"] == "selftest")
    #expect(first["threads"] == "2")
    #expect(first["trial"] == "0" && rows[1]["trial"] == "1")
    #expect(first["seed"] == "5" && rows[1]["seed"] == "6")
    #expect(first["cpus"] == String(ProcessInfo.processInfo.activeProcessorCount))
    #expect(try first.text("toolchain").hasPrefix("swift-"))
    #expect(Set(try rows.map { try $0.text("run_id") }).count == 1)
    #expect(r.out.contains("FAIL:"))
    #expect(r.out.contains("selftest-crash"))
    #expect(r.err.contains("[1/6] selftest-crash / unprotected / 2 threads: crash 2/2"))
  }

  @Test func unprotectedFailuresAreFindingsNotFailures() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-corrupt,selftest-crash,counter", "--wrappers", "unprotected",
      // No burst: the failure count below is the measured loop's, one per read.
      "--threads", "1,2", "--trials", "1", "--ops", "100", "--burst", "0", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    let outcome = Dictionary(
      uniqueKeysWithValues: rows.map {
        ("\($0["subject"] ?? "")/\($0["threads"] ?? "")", $0["outcome"] ?? "")
      })
    #expect(outcome["selftest-corrupt/1"] == "ok")
    #expect(outcome["selftest-corrupt/2"] == "corrupt")
    #expect(outcome["selftest-crash/2"] == "crash")
    let corrupt = try #require(
      rows.first { $0["subject"] == "selftest-corrupt" && $0["threads"] == "2" })
    #expect(corrupt["failures"] == "100")
    #expect(corrupt["detail"] == "read by thread 1: deliberate violation #0")
    #expect(r.out.contains("PASS:"))
    #expect(r.out.contains("UNPROTECTED, 2 or more threads: documented vs measured"))
  }

  @Test func brokenSubjectIsAnErrorAndFailsTheRun() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-broken", "--wrappers", "unprotected", "--threads", "2",
      "--trials", "1", "--ops", "10", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 1)
    #expect(r.out == csv.path + "\n")
    #expect(r.err.isEmpty)
    let rows = try readCellRows(csv)
    #expect(rows.map { $0["outcome"] } == ["error"])
  }

  @Test func subjectCrashingAloneIsAnErrorNotAFinding() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-crash-alone", "--wrappers", "unprotected", "--threads", "1,2",
      "--trials", "1", "--ops", "10", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 1)
    let rows = try readCellRows(csv)
    #expect(rows.map { $0["outcome"] } == ["error", "error"])
    for row in rows {
      #expect(
        try row.text("detail").hasPrefix("fails single-threaded (broken subject): crash: SIG"))
      #expect(try row.text("detail").contains("selftest-crash-alone: deliberate trap"))
    }
  }

  @Test func aWorkerRunsTheSanityPassAsTheRunnerAsks() throws {
    func trial(_ sanity: TrialSpec.Sanity?, _ subject: String = "selftest-crash-alone")
      throws -> TrialResult
    {
      let worker = try WorkerProcess(executable: stressExecutable)
      defer { worker.stop() }
      var spec = TrialSpec(
        subject: subject, wrapper: "unprotected", threads: 2, readRatio: 0,
        bound: .ops(10), seed: 3)
      spec.sanity = sanity
      if subject == "selftest-broken" {
        spec.wrapper = "actor"
        spec.driver = .tasks
      }
      return try worker.run(spec, timeout: 30)
    }
    // Asked for the pass alone, it crashes before it says it is sane: a broken subject.
    let alone = try trial(.only)
    #expect(alone.outcome == .error && alone.detail.contains("deliberate trap"))
    // Told the pass was passed already, the crash is the trial's own.
    #expect(try trial(.skipped).outcome == .crash)
    #expect(try trial(nil).outcome == .error)
    // The tasks driver (an actor) obeys it as the threads driver does.
    #expect(try trial(.only, "selftest-broken").outcome == .error)
    #expect(try trial(.skipped, "selftest-broken").outcome == .corrupt)
    #expect(try trial(nil, "selftest-broken").outcome == .error)
  }

  @Test func everyFailedTrialGetsAFreshWorker() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-poison", "--wrappers", "unprotected", "--threads", "2",
      // No burst: its instances would meet the poison inside the trial itself.
      "--trials", "3", "--ops", "10", "--burst", "0", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 0, "\(r.err)")
    // A reused worker would trap on the poisoned process: each trial must stay `corrupt`.
    #expect(try readCellRows(csv).map { $0["outcome"] } == ["corrupt", "corrupt", "corrupt"])
  }

  @Test func summaryHasARowPerCellAndWarmupIsDiscarded() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-corrupt,counter", "--wrappers", "unprotected,lock",
      "--threads", "1,2", "--trials", "3", "--warmup", "2", "--ops", "200", "--out", csv.path,
    ])
    // selftest-corrupt fails under `lock` too: a protected failure.
    #expect(r.code == 1, "\(r.err)")
    #expect(r.err.contains("after 2 warmup trials, discarded"))
    // Each cell's line shows its warmup trials ran (and how they ended).
    #expect(r.err.contains("counter / lock / 2 threads: ok 3/3 (warmup, discarded: ok 2/2)"))
    let trials = try readCellRows(csv)
    // Warmup trials are run and discarded: only the measured ones are rows.
    #expect(trials.count == 2 * 2 * 2 * 3)
    #expect(trials.allSatisfy { $0["warmup_trials"] == "2" && (Int($0["trial"] ?? "") ?? -1) >= 0 })
    let summary = try readCellRows(dir.appendingPathComponent("out-summary.csv"))
    #expect(summary.count == 8)
    let text = try String(
      contentsOf: dir.appendingPathComponent("out-summary.csv"), encoding: .utf8)
    #expect(CSV.parse(text).first == SummaryColumns.header)
    let corrupt = try #require(
      summary.first {
        $0["subject"] == "selftest-corrupt" && $0["threads"] == "2" && $0["wrapper"] == "lock"
      })
    #expect(corrupt["detection_rate"] == "1.0000")
    #expect(corrupt["corrupt"] == "3")
    #expect(try corrupt.number("median_time_to_failure_ms") >= 0)
    let counter = try #require(
      summary.first {
        $0["subject"] == "counter" && $0["threads"] == "1" && $0["wrapper"] == "lock"
      })
    #expect(try counter.number("ops_per_sec_p50") > 0)
    #expect(
      try counter.number("ops_per_sec_ci999_high") >= (try counter.number("ops_per_sec_mean")))
    #expect(try counter.number("cost_vs_unprotected_1_thread") > 0)
    #expect(r.out.contains("THROUGHPUT"))
  }

  @Test func rolesDriverAndTuningAreRecordedPerRow() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "counter", "--wrappers", "actor,lock", "--readers", "2", "--writers",
      "1", "--trials", "1", "--ops", "100", "--stride", "10", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.count == 2)
    for row in rows {
      #expect(row["threads"] == "3" && row["readers"] == "2" && row["writers"] == "1")
      #expect(row["reads"] == "200" && row["writes"] == "100")
    }
    #expect(rows.allSatisfy { $0["tsan_reports"] == "" })
    let actor = try #require(rows.first { $0["wrapper"] == "actor" })
    let lock = try #require(rows.first { $0["wrapper"] == "lock" })
    #expect(actor["driver"] == "tasks" && lock["driver"] == "threads")
    // Strides apply to threads only; the tasks row says it ran without.
    #expect(actor["stride"] == "0" && lock["stride"] == "10")
    #expect(actor["pinned"] == "false" && lock["pinned"] == "true")
  }

  @Test func aCrashWhileStandardErrorIsCapturedStillSaysWhere() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-crash-captured", "--wrappers", "unprotected", "--threads",
      "2", "--trials", "1", "--ops", "10", "--burst", "0", "--no-control", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let row = try #require(try readCellRows(csv).first)
    #expect(row["outcome"] == "crash")
    // The fatal error's message went to the captured file; the place still came through.
    #expect(
      try row.text("detail").hasPrefix("SIGILL in SelfTestCrashCaptured.write(_:) (stress)"),
      "\(row["detail"] ?? "")")
  }

  /// Once a thread of an unprotected subject has run alone, a hang of its trials is called
  /// at what that predicts (the floor, 2 s, for a subject this cheap), not at the suite's
  /// timeout; a timeout given on the command line is the whole deadline, and is waited out.
  @Test func anUnprotectedHangIsCalledAtItsForecastUnlessTheTimeoutIsGiven() throws {
    let dir = try temporaryDirectory()
    let suite = dir.appendingPathComponent("hang.json").path
    try """
    {"subjects": ["selftest-hang"], "wrappers": ["unprotected"], "threads": [1, 2],
     "budgets": {"default": {"trials": 1, "ops": 200, "timeout": 4}}}
    """.write(toFile: suite, atomically: true, encoding: .utf8)
    for given in [false, true] {
      let csv = dir.appendingPathComponent("out-\(given).csv")
      let r = try runStress(
        ["run", "--suite", suite, "--no-control", "--out", csv.path]
          + (given ? ["--timeout", "4"] : []))
      #expect(r.code == 0, "\(r.err)")
      let rows = try readCellRows(csv)
      #expect(rows.map { $0["outcome"] } == ["ok", "hang"])
      let detail = try #require(rows.last).text("detail")
      #expect(
        detail.hasPrefix(
          given
            ? "no result within 4 s; worker killed"
            : "no result within 3 s (forecast from one thread of it; the timeout is 4 s)"),
        "\(detail)")
    }
  }

  /// A thread stuck while its peers finished is called a straggler: a dear subject's forecast
  /// of the whole trial (1 ms a write, 50 times over) is past the timeout, so only this ends the
  /// wait early.
  @Test func aThreadStuckAfterItsPeersFinishedIsCalledAStraggler() throws {
    let detail = try hangDetail("selftest-straggler", ops: 100)
    #expect(
      detail.hasPrefix("no result 3 s after the first of its 2 threads finished (seen at "),
      "\(detail)")
  }

  /// The detail of a hang at 2 threads of `subject`, unprotected, after its one-thread cell
  /// passed (which teaches the forecast), under a suite's timeout of 20 s.
  func hangDetail(_ subject: String, ops: Int) throws -> String {
    let dir = try temporaryDirectory()
    let suite = dir.appendingPathComponent("hang.json").path
    try """
    {"subjects": ["\(subject)"], "wrappers": ["unprotected"], "threads": [1, 2],
     "budgets": {"default": {"trials": 1, "ops": \(ops), "timeout": 20}}}
    """.write(toFile: suite, atomically: true, encoding: .utf8)
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress(["run", "--suite", suite, "--no-control", "--out", csv.path])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.map { $0["outcome"] } == ["ok", "hang"])
    return try #require(rows.last).text("detail")
  }

  /// A hang that spins is called on its worker's CPU time, long before the clock's forecast or
  /// the timeout; a given timeout still waits whole.
  @Test func aSpinningHangIsCalledOnItsCPUTime() throws {
    let detail = try hangDetail("selftest-spin", ops: 200)
    #expect(detail.hasPrefix("no result after "), "\(detail)")
    #expect(
      detail.contains(
        " s of CPU time (forecast from one thread of it; the timeout is 20 s); worker killed"),
      "\(detail)")
  }

  /// An overflow traps without printing a word (as a nil unwrap does in optimized code): the
  /// detail still says what failed, from the debug information, besides where.
  @Test func aSilentRuntimeTrapStillSaysWhatFailed() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-crash-overflow", "--wrappers", "unprotected", "--threads",
      "2", "--trials", "2", "--ops", "10", "--burst", "0", "--no-control", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.count == 2)
    for row in rows {
      #expect(row["outcome"] == "crash")
      let detail = try row.text("detail")
      #expect(detail.hasPrefix("SIGILL in SelfTestCrashOverflow.write(_:) (stress)"), "\(detail)")
      #expect(detail.hasSuffix(": Swift runtime failure: arithmetic overflow"), "\(detail)")
    }
  }

  /// A subject that allocates without bound is stopped by its worker's memory limit: a crash
  /// of its trial that says so, and the run goes on, where it would take the machine's memory.
  @Test func aSubjectThatAllocatesWithoutBoundCrashesItsTrialAtTheMemoryLimit() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-alloc-unbounded,noop", "--wrappers", "unprotected",
      "--threads", "2", "--trials", "2", "--ops", "10", "--burst", "0", "--no-control",
      "--memory-limit", "256M", "--timeout", "60", "--out", csv.path,
    ])
    if Platform.hasThreadSanitizer {
      // No limit can hold a TSan worker's shadow memory: refused, nothing run.
      #expect(r.code == 64 && r.err.hasPrefix("Error: A memory limit cannot be kept"), "\(r.err)")
      return
    }
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.count == 4)
    for row in rows where row["subject"] == "selftest-alloc-unbounded" {
      #expect(row["outcome"] == "crash")
      let detail = try row.text("detail")
      #expect(detail.contains("allocate"), "\(detail)")
      #expect(detail.hasSuffix("(the worker's memory limit, 256 MiB: --memory-limit)"), "\(detail)")
    }
    #expect(rows.filter { $0["subject"] == "noop" }.allSatisfy { $0["outcome"] == "ok" })
  }

  /// The cap stops a protected cell's count-bound trial under the actor too: its tasks check it
  /// as threads do (before, they ran every operation: 0.8 s of a quick cell meant to stop at
  /// 20 ms).
  @Test func theCapStopsAnActorsTrialAsItStopsAThreadsTrial() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "counter", "--wrappers", "actor,lock", "--threads", "4", "--trials",
      "1", "--ops", "2000000", "--cap", "0.05", "--burst", "0", "--no-control", "--timeout", "120",
      "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.map { $0["wrapper"] } == ["actor", "lock"])
    for row in rows {
      let ops = try #require(Int(row["ops"] ?? ""))
      #expect(ops > 0 && ops < 4 * 2_000_000, "\(row["wrapper"] ?? ""): \(ops) operations")
    }
  }

  @Test func deadlocksAreFindingsAndTheRunGoesOn() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "recursive-lock-deadlock,deadlock,noop", "--wrappers", "unprotected",
      "--threads", "1,2", "--trials", "1", "--ops", "10", "--timeout", "1", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.count == 6)
    for row in rows where row["subject"] == "recursive-lock-deadlock" {
      // A misuse that deadlocks alone is a finding, not a broken subject.
      #expect(row["outcome"] == "hang", "\(row["detail"] ?? "")")
      #expect(try row.text("detail").hasPrefix("no result within 1 s; worker killed"))
    }
    for row in rows where row["subject"] == "deadlock" {
      #if os(Linux)
        // libdispatch on Linux traps sync-onto-own-queue, in a function named for it.
        #expect(row["outcome"] == "crash", "\(row["outcome"] ?? "")")
        #expect(
          try row.text("detail").hasPrefix(
            "SIGILL in __DISPATCH_WAIT_FOR_QUEUE__ (libdispatch.so)"),
          "\(row["detail"] ?? "")")
      #else
        // Elsewhere it hangs. Either way a finding.
        #expect(row["outcome"] == "crash" || row["outcome"] == "hang", "\(row["outcome"] ?? "")")
      #endif
    }
    // The run went on after them. (noop, which cannot fail: an unprotected counter at two
    // threads loses updates now and then, and a test must not pass by luck.)
    #expect(rows.filter { $0["subject"] == "noop" }.allSatisfy { $0["outcome"] == "ok" })
  }

  @Test func aFullDiskIsARuntimeErrorNotASilentLoss() throws {
    let r = try runStress([
      "run", "--subjects", "noop", "--wrappers", "lock", "--threads", "1", "--trials", "1",
      "--ops", "10", "--out", "/dev/full", "--summary-out", "/dev/full",
    ])
    #expect(r.code == 2)
    #expect(
      r.err.hasPrefix("Error: writing to '/dev/full' failed: No space left on device"), "\(r.err)")
    #expect(!r.out.contains("PASS"))
  }

  @Test func tsanReportsAreCountedOnlyWhenAsked() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let r = try runStress([
      "run", "--subjects", "counter", "--wrappers", "lock", "--threads", "2", "--trials", "1",
      "--ops", "10", "--count-tsan-reports", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 0)
    // This binary is not built with TSan: counted, and none.
    #expect(try readCellRows(csv).map { $0["tsan_reports"] } == ["0"])
  }

  @Test func crashRowsCarryTimeToFailure() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    // Each trial crashes in its first operations, a fresh worker each time: the release must
    // be reported before any thread runs, or the crash has nothing to be timed from.
    _ = try runStress([
      "run", "--subjects", "selftest-crash", "--wrappers", "unprotected", "--threads", "2,8",
      "--trials", "10", "--warmup", "0", "--ops", "10", "--out", csv.path, "--quiet",
    ])
    let rows = try readCellRows(csv)
    #expect(rows.count == 20)
    for row in rows {
      #expect(row["outcome"] == "crash")
      #expect(try row.number("time_to_failure_ms") >= 0)
    }
  }

  @Test func benchWritesEverySection() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("bench.csv")
    let r = try runStress(
      [
        "bench", "--ops", "1000", "--repeats", "1", "--trials", "1", "--out", csv.path,
      ], timeout: 300)  // about 100 one-trial cells, slow in a sanitizer build
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(
      Set(try rows.map { try $0.text("section") }) == [
        "overhead", "controlled", "detection", "detection-1000-ops", "detection-busy-core", "model",
        "process",
      ])
    // The controlled scheduler: each stand-in against what it stands for (a lock, an
    // Atomic<Int>, a Mutex, a generic Atomic, a queue's sync and async, a group), and a
    // schedules-a-second rate for a lock-, a Mutex- and a queue-based type and an actor.
    let controlled = rows.filter { $0["section"] == "controlled" }
    #expect(controlled.filter { $0["metric"] == "ratio" }.count == 7)
    let rates = controlled.filter { $0["metric"] == "schedules_per_sec" }
    #expect(rates.count == 4 && rates.allSatisfy { (Double($0["value"] ?? "") ?? 0) > 0 })
    // Model tests: a rate and a checker share per wrapper and scenario shape, with the
    // specification's states merged and not, the bound, and the four classic types beside
    // their fixes.
    let model = rows.filter { $0["section"] == "model" }
    #expect(model.filter { $0["metric"] == "invocations_per_sec" }.count == 16)
    let shares = model.filter { $0["metric"] == "checker_share" }
    #expect(shares.count == 16)
    #expect(shares.filter { $0["name"]?.hasSuffix(", states merged") == true }.count == 8)
    #expect(model.filter { $0["metric"] == "default budget: detection_rate" }.count == 4)
    #expect(model.filter { $0["metric"] == "default budget: failures" }.count == 4)
    // The harder conditions compare the default with the burst off, over every racy subject.
    for section in ["detection-1000-ops", "detection-busy-core"] {
      let metrics = Set(
        rows.filter { $0["section"] == section && $0["name"] == "counter" }
          .compactMap { $0["metric"] })
      #expect(
        metrics.isSuperset(of: [
          "pinned, no burst: detection_rate", "default (pinned + burst): detection_rate",
        ]), "\(section): \(metrics)")
    }
    // The specialized baselines, then the same through the dispatched loop.
    let pairs = rows.filter { $0["section"] == "overhead" && $0["metric"] == "ratio" }
    #expect(pairs.count == 5)
    #expect(pairs.filter { $0["name"]?.hasSuffix(", dispatched") == true }.count == 2)
    #expect(
      rows.contains {
        $0["name"] == "fresh worker by exec and its first trial"
          && $0["metric"] == "median_overhead_ms"
      })
    #expect(
      rows.contains {
        $0["name"] == "nsmutablearray" && $0["metric"]?.hasPrefix("dispatch-apply") == true
      })
    #expect(r.out.contains("OVERHEAD") && r.out.contains("DETECTION") && r.out.contains("PROCESS"))
    // What naming a crash costs, measured against the same crash unnamed.
    #expect(r.out.contains("CRASH: a crashing trial in a fresh worker costs "))
    let crashes = Set(rows.filter { $0["section"] == "process" }.compactMap { $0["name"] })
    #expect(
      crashes.isSuperset(of: [
        "crash in a fresh worker, unnamed", "crash in a fresh worker, named",
        "first named crash (reads the binary's symbols)",
      ]), "\(crashes)")
  }

  @Test func defaultOutputIsUnderResultsNamedBySuiteAndTime() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("Suites"), withIntermediateDirectories: true)
    try #"{"subjects": ["noop"], "wrappers": ["mutex"], "threads": [2]}"#.write(
      to: dir.appendingPathComponent("Suites/tiny.json"), atomically: true, encoding: .utf8)
    let r = try runStress(["run", "--suite", "tiny", "--mode", "quick", "--quiet"], in: dir)
    #expect(r.code == 0, "\(r.err)")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent("Results").path
    ).sorted()
    // The trial CSV and its per-cell summary beside it.
    #expect(files.count == 2)
    let name = try #require(files.first { !$0.hasSuffix("-summary.csv") })
    #expect(files.contains(name.replacingOccurrences(of: ".csv", with: "-summary.csv")))
    #expect(name.hasPrefix("tiny-") && name.hasSuffix("Z.csv"), "\(name)")
    #expect(r.out.trimmingCharacters(in: .newlines) == "Results/\(name)")
    let rows = try readCellRows(dir.appendingPathComponent("Results/\(name)"))
    #expect(rows.count == Mode.quick.preset.trials)
    #expect(rows.allSatisfy { $0["mode"] == "quick" && $0["outcome"] == "ok" })
  }

  @Test func unwritableOutputIsRefusedBeforeTheRun() throws {
    let r = try runStress(["run", "--subjects", "noop", "--out", "/no/such/dir/x.csv"])
    #expect(r.code == 64)
    #expect(
      r.err.hasPrefix(
        "Error: '--out' '/no/such/dir/x.csv' cannot be written: no such directory '/no/such/dir'."
      ), "\(r.err)")
  }

  @Test func workersDieWithAKilledRunnerAndRowsStayWhole() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let (process, workers) = try startAndWaitForRows(
      [
        "run", "--subjects", "noop,selftest-hang", "--wrappers", "lock", "--threads", "2",
        "--trials", "3", "--ops", "100", "--timeout", "60", "--out", csv.path, "--quiet",
      ], csv: csv, rows: 4)
    let runner = process.processIdentifier
    #expect(!workers.isEmpty)
    kill(runner, SIGKILL)
    // Each worker notices its parent is gone and exits on its own: in about 50 ms in a normal
    // build; a ThreadSanitizer build takes about a second to exit, hence the margin.
    let alive = survivors(of: workers, within: 3)
    #expect(alive.isEmpty, "workers still running 3 s after their runner was killed: \(alive)")
    for pid in alive { kill(pid, SIGKILL) }
    waitForExit(process, timeout: 120)
    let text = try String(contentsOf: csv, encoding: .utf8)
    #expect(text.hasSuffix("\r\n"))
    let rows = CSV.parse(text)
    // The header, noop's 3 trials and the control's after them.
    #expect(rows.count == 5)
    #expect(rows.allSatisfy { $0.count == ResultColumns.header.count })
  }

  @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
  func interruptionStopsCleanlyAndKeepsFinishedRows(signal: Int32, code: Int32, name: String) throws
  {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let errURL = dir.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let (process, workers) = try startAndWaitForRows(
      [
        "run", "--subjects", "noop,selftest-hang", "--wrappers", "lock", "--threads", "2",
        "--trials", "3", "--ops", "100", "--timeout", "60", "--out", csv.path,
      ], csv: csv, rows: 4, stderr: errURL)
    let runner = process.processIdentifier
    #expect(!workers.isEmpty)
    kill(runner, signal)
    waitForExit(process, timeout: 120)
    #expect(process.terminationStatus == code)
    let err = try String(contentsOf: errURL, encoding: .utf8)
    #expect(err.contains("Interrupted by \(name): 3 of 6 trials done"), "\(err)")
    // The runner stopped its workers before it exited.
    #expect(workers.allSatisfy { kill($0, 0) != 0 || isZombie($0) })
    let rows = CSV.parse(try String(contentsOf: csv, encoding: .utf8))
    // The header, noop's 3 trials and the control's after them.
    #expect(rows.count == 5)
    #expect(rows.allSatisfy { $0.count == ResultColumns.header.count })
  }

  @Test func resumeFinishesAKilledRunWithEveryTrialExactlyOnce() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("out.csv")
    let arguments = [
      "run", "--subjects", "noop,selftest-hang,counter", "--wrappers", "lock", "--threads", "2",
      "--trials", "3", "--ops", "100", "--out", csv.path, "--quiet",
    ]
    // noop's 3 trials and the control's after them; then selftest-hang holds the run.
    let (process, _) = try startAndWaitForRows(arguments + ["--timeout", "60"], csv: csv, rows: 4)
    kill(process.processIdentifier, SIGKILL)
    waitForExit(process, timeout: 120)
    let before = try readCellRows(csv)
    #expect(before.count == 3)

    // Another plan is refused, and the file is left as it was.
    let other = try runStress(arguments + ["--timeout", "1", "--ops", "200", "--resume"])
    #expect(other.code == 64)
    #expect(other.err.contains("has ops_limit '100' where this run has '200'"), "\(other.err)")
    #expect(try readCellRows(csv).count == 3)

    let r = try runStress(arguments + ["--timeout", "1", "--resume"])
    #expect(r.code == 1, "\(r.err)")  // selftest-hang under lock: a protected failure
    let rows = try readCellRows(csv)
    #expect(rows.count == 9)
    let keys = rows.map { "\($0["subject"] ?? "")#\($0["trial"] ?? "")" }
    #expect(Set(keys).count == 9)
    #expect(Set(try rows.map { try $0.text("run_id") }).count == 1)
    #expect(Set(try rows.map { try $0.text("seed") }).count == 3)
    #expect(Array(rows.prefix(3)) == before)
    // The control's trial after each cell (under its minimum), once each: the resumed part
    // numbers on.
    let control = try readRows(csv).filter { $0["subject"] == "positive-control" }
    #expect(control.map { $0["trial"] } == ["0", "1", "2"])
    let summary = try readCellRows(dir.appendingPathComponent("out-summary.csv"))
    #expect(summary.map { $0["trials"] } == ["3", "3", "3"])
  }

  @Test func resumeNeedsAFileToFinish() throws {
    let missing = try runStress(["run", "--subjects", "noop", "--out", "/no/such.csv", "--resume"])
    #expect(missing.code == 64)
    #expect(missing.err.hasPrefix("Error: Cannot resume: no such results file: '/no/such.csv'"))
    let noOut = try runStress(["run", "--subjects", "noop", "--resume"])
    #expect(noOut.code == 64)
    #expect(noOut.err.hasPrefix("Error: '--resume' needs '--out <path>'"))
  }
}
