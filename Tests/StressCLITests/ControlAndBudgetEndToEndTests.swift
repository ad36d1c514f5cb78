import Foundation
import StressKit
import Testing

/// The positive control and the time budget, through the built executable.
@Suite struct ControlAndBudgetEndToEndTests {
  let small = [
    "run", "--subjects", "counter,noop", "--wrappers", "unprotected,lock", "--threads", "1,2",
    "--ops", "200", "--seed", "3",
  ]

  @Test func theControlRunsWithTheCellsAndIsReportedEverywhere() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let junit = dir.appendingPathComponent("r.xml")
    let r = try runStress(small + ["--trials", "2", "--out", csv.path, "--junit", junit.path])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readRows(csv)
    // One control trial after each of the 4 cells at 2 threads, none after 1-thread cells.
    let control = rows.filter { $0["subject"] == "positive-control" }
    #expect(control.count == 4)
    #expect(control.allSatisfy { $0["threads"] == "2" && $0["wrapper"] == "unprotected" })
    #expect(control.map { $0["trial"] } == ["0", "1", "2", "3"])
    #expect(
      r.out.contains(
        "POSITIVE CONTROL (an unprotected lost-update counter, run between the cells): 2 thr "))
    // The tables hold the plan's cells only.
    #expect(!r.out.contains("positive-control  unprotected"))
    let summary = try readRows(dir.appendingPathComponent("r-summary.csv"))
    let cell = try #require(summary.first { $0["subject"] == "noop" && $0["threads"] == "2" })
    let rate = try #require(Double(try cell.text("control_detection_rate")))
    let own = try #require(summary.first { $0["subject"] == "positive-control" })
    #expect(rate == Double(try own.text("detection_rate")))
    #expect(
      summary.first { $0["subject"] == "noop" && $0["threads"] == "1" }?["control_detection_rate"]
        == "")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("<testsuite name=\"positive-control\""))
    #expect(xml.contains("<property name=\"control_detection_rate\""))
    #expect(xml.contains("<property name=\"verdict\" value=\""))
    // The report reads the control back from the trial CSV.
    let html = dir.appendingPathComponent("r.html")
    #expect(try runStress(["report", csv.path, "--html", html.path]).code == 0)
    #expect(try String(contentsOf: html, encoding: .utf8).contains("<h2>Positive control</h2>"))
    let verdicts = try runStress(["verdicts", csv.path])
    #expect(
      verdicts.out.contains("the positive control was caught in")
        || verdicts.out.contains("inconclusive"))
  }

  @Test func noControlRunsNoneAndSaysSo() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress(small + ["--trials", "1", "--no-control", "--out", csv.path])
    #expect(r.code == 0, "\(r.err)")
    #expect(try readRows(csv).allSatisfy { $0["subject"] != "positive-control" })
    #expect(r.out.contains("POSITIVE CONTROL: none ran (--no-control)"))
    #expect(r.out.contains("no positive control ran)"))
  }

  @Test func forkedTrialsRunAndAreRecordedAsAnyOthers() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let plan = [
      "run", "--subjects", "counter,noop", "--wrappers", "lock", "--threads", "1,2", "--ops",
      "200", "--trials", "3", "--warmup", "1", "--seed", "5", "--no-control", "--out", csv.path,
    ]
    let r = try runStress(plan + ["--forks"])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readCellRows(csv)
    #expect(rows.count == 12)
    #expect(rows.allSatisfy { $0["outcome"] == "ok" && Double($0["ops_per_sec"]!)! > 0 })
    #expect(rows.allSatisfy { $0["forks"] == "true" })
    // Resuming it unforked would mix the two kinds of trial in its cells: refused.
    let unforked = try runStress(plan + ["--resume"])
    #expect(unforked.code == 64 && unforked.err.contains("forks"), "\(unforked.err)")
    let other = dir.appendingPathComponent("plain.csv")
    #expect(try runStress(Array(plan.dropLast()) + [other.path]).code == 0)
    #expect(try readCellRows(other).allSatisfy { $0["forks"] == "false" })
  }

  @Test func aTimeBudgetGivesTheMinimumsThenMoreAndResumesWithWhatIsLeft() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    // selftest-corrupt fails every trial at 2 threads by construction; noop never fails.
    let plan = [
      "run", "--subjects", "selftest-corrupt,noop", "--wrappers", "unprotected,lock",
      "--threads", "1,2", "--ops", "200", "--seed", "3", "--warmup", "0", "--time-budget", "6s",
      "--out", csv.path,
    ]
    let r = try runStress(plan + ["--format", "json"])
    // selftest-corrupt fails under lock too: a protected failure, exit 1.
    #expect(r.code == 1, "\(r.err)")
    let rows = try readCellRows(csv)
    let trials = Dictionary(grouping: rows) {
      "\($0["subject"]!)/\($0["wrapper"]!)/\($0["threads"]!)"
    }.mapValues(\.count)
    #expect(trials.count == 8)
    #expect(trials.values.allSatisfy { $0 >= 2 })
    // Trials of a millisecond (a tenth of a second under TSan) in a 6 s budget: the rest went
    // to cells still unsettled...
    #expect(trials.values.reduce(0, +) > 16)
    #expect(trials["noop/unprotected/2"]! > 2)
    // ...and none to a cell whose failure settled it at the minimum.
    #expect(trials["selftest-corrupt/unprotected/2"] == 2)
    #expect(trials["selftest-corrupt/lock/2"] == 2)
    // Resumed, the budget is spent: nothing more runs, nothing is refused.
    let before = try readRows(csv).count
    let resumed = try runStress(plan + ["--resume", "--quiet"])
    #expect(resumed.code == 1, "\(resumed.err)")
    #expect(try readRows(csv).count == before)
  }

  @Test func aBudgetTooSmallForTheMinimumsIsRefusedAndNothingWritten() throws {
    let dir = try temporaryDirectory()
    let r = try runStress(
      ["run", "--suite", "collections", "--time-budget", "10s", "--out", "x.csv"], in: dir)
    #expect(r.code == 64)
    #expect(
      r.err.hasPrefix(
        "Error: A time budget of 10s cannot give the 288 cells their minimum of 2 trials: "
          + "that needs at least "), "\(r.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    let bad = try runStress(["run", "--subjects", "counter", "--time-budget", "soon"], in: dir)
    #expect(bad.code == 64)
    #expect(
      bad.err.hasPrefix(
        "Error: Invalid value 'soon' for '--time-budget': expected a duration such as 90s, 20m or 1h"
      ), "\(bad.err)")
  }
}
