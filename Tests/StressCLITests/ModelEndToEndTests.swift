import Foundation
import StressKit
import Testing

/// Model tests run by the built executable, in worker processes: their rows, the shrunk
/// scenario in the console, the CSV, JUnit and HTML, and the replay command that runs the
/// trial again. The self-test counter fails whenever two threads increment, however they run.
@Suite struct ModelEndToEndTests {
  static let table = [
    "| part     | thread 1       | thread 2       |",
    "|----------|----------------|----------------|",
    "| parallel | increment(): 1 | increment(): 1 |",
  ]

  @Test func aFailingScenarioIsShownEverywhereAndReplays() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let junit = dir.appendingPathComponent("j.xml")
    let r = try runStress([
      "run", "--subjects", "selftest-model-per-thread", "--wrappers", "unprotected",
      "--threads", "2", "--ops", "600", "--trials", "2", "--warmup", "0", "--seed", "7",
      "--no-control", "--out", csv.path, "--junit", junit.path,
    ])
    // The self-test promises never to fail unprotected: its failures fail the run.
    #expect(r.code == 1, "\(r.err)")
    #expect(r.out.contains("FAILING SCENARIOS"))
    #expect(r.out.contains(Self.table.map { "    " + $0 }.joined(separator: "\n")))
    // The headline's closing colon, which introduces the table, is dropped there.
    #expect(r.out.contains(" (its table is under FAILING SCENARIOS)"))
    #expect(!r.out.contains(": (its table is under"))

    let rows = try readRows(csv)
    let unprotected = rows.filter { $0["wrapper"] == "unprotected" }
    #expect(unprotected.count == 2 && unprotected.allSatisfy { $0["outcome"] == "corrupt" })
    let first = try #require(unprotected.first { $0["trial"] == "0" })
    let lines = try first.text("detail").split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("not linearizable: scenario ") == true)
    #expect(Array(lines.dropFirst().prefix(3)) == Self.table)
    // The stress trial's replay comes first; then the shrunk scenario as the controlled
    // scheduler explored it (this self-test's per-thread state fails whatever the schedule).
    let replay = try #require(lines.first { $0.hasPrefix("replay: ") })
    #expect(lines.contains { $0.hasPrefix("explored under the controlled scheduler") })
    #expect(replay.hasPrefix("replay: stress run --subjects selftest-model-per-thread "))
    #expect(replay.hasSuffix("--ops 600 --trials 1 --warmup 0 --seed 7"))

    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("<failure"))
    #expect(xml.contains(Self.table[2]))

    let html = dir.appendingPathComponent("r.html")
    #expect(try runStress(["report", csv.path, "--html", html.path]).code == 0)
    let page = try String(contentsOf: html, encoding: .utf8)
    #expect(page.contains("<h2>Failing scenarios</h2>"))
    #expect(page.contains("<pre class=\"scenario\">not linearizable: scenario "))
    #expect(page.contains(Self.table[2]))

    // The replay command runs the same trial: the same seed, the same scenario.
    let again = dir.appendingPathComponent("again.csv")
    let arguments = replay.dropFirst("replay: stress ".count).split(separator: " ").map(String.init)
    let replayed = try runStress(arguments + ["--no-control", "--out", again.path, "--quiet"])
    #expect(replayed.code == 1)
    let row = try #require(try readRows(again).first)
    #expect(row["seed"] == "7")
    let replayedLines = try row.text("detail").split(separator: "\n").map(String.init)
    #expect(Array(replayedLines.dropFirst().prefix(3)) == Self.table)
  }

  /// Under the actor, in a worker: each invocation's threads are a task group. (Not in this
  /// process: a trial that waits for its tasks would hold one of the few threads of the pool
  /// that Swift Testing runs tests on, and the tasks could starve.)
  /// Trials whose checks ran out of time passed nothing: no "no failure seen" rests on them,
  /// in the run's summary and in `verdicts` of its file alike.
  @Test func trialsWithUncheckedHistoriesBoundNothing() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress([
      // No control: a missed one (a slow build, a busy machine) is a reason of its own that
      // would stand in front of this one.
      "run", "--subjects", "selftest-model-no-time", "--wrappers", "unprotected", "--threads",
      "2", "--trials", "2", "--ops", "300", "--no-control", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let verdict =
      "inconclusive: no failure seen in 2 trials, but 2 trials left histories unchecked: their "
      + "checks ran out of time"
    #expect(r.out.contains(verdict), "\(r.out)")
    let verdicts = try runStress(["verdicts", csv.path])
    #expect(verdicts.code == 0, "\(verdicts.err)")
    #expect(verdicts.out.contains(verdict), "\(verdicts.out)")
  }

  @Test func theActorRunsModelTestsInWorkers() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-model-counter-fixed", "--wrappers", "actor", "--threads",
      "2", "--ops", "60", "--trials", "2", "--no-control", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readRows(csv)
    #expect(rows.count == 2 && rows.allSatisfy { $0["outcome"] == "ok" && $0["driver"] == "tasks" })
    #expect(rows.allSatisfy { Int($0["ops"] ?? "") ?? 0 > 0 })
  }

  @Test func aModelTestThatCannotRunAloneIsAnErrorNotAFinding() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-model-broken", "--wrappers", "lock", "--threads", "2",
      "--ops", "60", "--trials", "1", "--no-control", "--out", csv.path, "--quiet",
    ])
    #expect(r.code == 1)
    let row = try #require(try readRows(csv).first)
    #expect(row["outcome"] == "error")
    #expect(
      row["detail"]?.hasPrefix("fails single-threaded (broken subject): on one thread") == true)
  }

  /// Resuming a strategy run under another strategy is refused by the column that differs,
  /// not by the plan's digest alone (issue 50, a smaller point).
  @Test func resumingUnderAnotherStrategyNamesTheStrategy() throws {
    let csv = try temporaryDirectory().appendingPathComponent("explored.csv")
    let plan = [
      "run", "--subjects", "selftest-scheduled-lost-update", "--wrappers", "unprotected",
      "--threads", "2", "--trials", "2", "--warmup", "0", "--ops", "20", "--no-control",
      "--out", csv.path, "--quiet",
    ]
    let first = try runStress(plan + ["--strategy", "random-walk"])
    #expect(first.code == 0, "\(first.err)")
    let other = try runStress(plan + ["--strategy", "pct", "--resume"])
    #expect(other.code == 64)
    #expect(
      other.err.contains("has strategy 'random-walk' where this run has 'pct:2'"), "\(other.err)")
    #expect(try readCellRows(csv).count == 2, "the file is left as it was")
  }

  /// compare refuses a stress run against a strategy run (schedules a second are not
  /// operations a second), either way round, and compares two runs of one strategy.
  @Test func compareRefusesRunsOfDifferentStrategies() throws {
    let dir = try temporaryDirectory()
    func run(_ name: String, _ extra: [String]) throws -> String {
      let csv = dir.appendingPathComponent(name).path
      let r = try runStress(
        [
          "run", "--subjects", "selftest-scheduled-lost-update", "--wrappers", "unprotected",
          "--threads", "2", "--trials", "2", "--warmup", "0", "--no-control", "--out", csv,
          "--quiet",
        ] + extra)
      #expect(r.code == 0, "\(r.err)")
      return csv
    }
    let stress = try run("stress.csv", ["--ops", "200"])
    let walk = try run("walk.csv", ["--ops", "20", "--strategy", "random-walk"])
    let pct = try run("pct.csv", ["--ops", "20", "--strategy", "pct"])
    for (baseline, current, words) in [
      (stress, walk, "ran under stress and the current run under --strategy random-walk"),
      (walk, stress, "ran under --strategy random-walk and the current run under stress"),
      (walk, pct, "ran under --strategy random-walk and the current run under --strategy pct:2"),
    ] {
      let r = try runStress(["compare", baseline, current])
      #expect(r.code == 64, "\(r.out)")
      #expect(r.err.hasPrefix("Error: The baseline \(words): "), "\(r.err)")
    }
    #expect(try runStress(["compare", walk, walk]).code == 0)
  }

  /// An exploration longer than the timeout (a large --ops, a busy machine) stops itself at
  /// half the timeout and says so: a sound model test never reads `hang` for it (issue 50,
  /// point 1), and a trial stopped short of its schedules claims nothing (the table of what a
  /// trial counts towards): its verdict is inconclusive, and says why.
  @Test(arguments: [
    (
      "selftest-scheduled-atomic",
      "inconclusive: no failure seen in 1 trials, but 1 trial stopped at its deadline before "
        + "running all its schedules, so none ran its budget"
    ),
    ("swift-dictionary-model", "inconclusive: the operations reached no scheduled primitive"),
  ])
  func anExplorationLongerThanTheTimeoutStopsItselfAndIsNoHang(subject: String, verdict: String)
    throws
  {
    let csv = try temporaryDirectory().appendingPathComponent("long.csv")
    let r = try runStress([
      "run", "--subjects", subject, "--wrappers", "unprotected",
      "--strategy", "pct", "--threads", "4", "--ops", "100000000", "--trials", "1",
      "--warmup", "0", "--timeout", "2", "--no-control", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let row = try #require(try readCellRows(csv).first)
    #expect(row["outcome"] == "ok" && row["search_complete"] == "false", "\(row)")
    let detail = try row.text("detail")
    #expect(detail.contains("stopped at the trial's deadline (1.0 s, half the timeout) after "))
    #expect(detail.hasSuffix(" of 100000000 schedules"), "\(detail)")
    #expect(r.out.contains("  \(verdict)"), "\(r.out)")
  }

  /// A broken test's trials (every one an error: it fails alone) pass nothing: the verdict is
  /// inconclusive and says why, under stress and under a strategy, in the table and the JSON,
  /// never "no failure seen in N trials" (issue 50, point 3).
  @Test(arguments: [[], ["--strategy", "random-walk"]])
  func aBrokenTestsTrialsBoundNothing(strategy: [String]) throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("broken.csv")
    let r = try runStress(
      [
        "run", "--subjects", "selftest-model-broken", "--wrappers", "unprotected", "--threads",
        "2", "--ops", "60", "--trials", "2", "--warmup", "0", "--no-control", "--out", csv.path,
        "--quiet",
      ] + strategy)
    #expect(try readCellRows(csv).allSatisfy { $0["outcome"] == "error" }, "\(r.err)")
    let json = try runStress(["verdicts", csv.path, "--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let verdict = try #require((document["verdicts"] as? [[String: Any]])?.first)
    #expect(verdict["powered_trials"] as? Int == 0, "\(verdict)")
    #expect(verdict["inconclusive"] as? Bool == true)
    let measured = try #require(verdict["measured"] as? String)
    #expect(measured.hasPrefix("inconclusive: "), "\(measured)")
    #expect(measured.contains("2 trials ended in error (the test fails alone"), "\(measured)")
  }

  /// A trap on one thread alone is the test's fault, an error (exit 1), whatever the strategy:
  /// an exploration that crashed runs alone as a stress trial's sanity pass does (issue 50,
  /// point 4).
  @Test(arguments: [[], ["--strategy", "random-walk"], ["--strategy", "pct"]])
  func aTrapAloneIsAnErrorUnderEveryStrategy(strategy: [String]) throws {
    let csv = try temporaryDirectory().appendingPathComponent("trap.csv")
    let r = try runStress(
      [
        "run", "--subjects", "selftest-model-trap", "--wrappers", "unprotected", "--threads", "2",
        "--ops", "60", "--trials", "1", "--warmup", "0", "--no-control", "--out", csv.path,
        "--quiet",
      ] + strategy)
    #expect(r.code == 1, "\(r.err)")
    let row = try #require(try readCellRows(csv).first)
    #expect(row["outcome"] == "error", "\(row)")
    #expect(try row.text("detail").hasPrefix("fails single-threaded (broken subject): crash: "))
  }
}
