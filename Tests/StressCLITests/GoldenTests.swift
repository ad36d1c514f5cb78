import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

@testable import StressCLI
@testable import StressKitEngine

/// What people read, compared with files in Tests/StressCLITests/Golden: an accidental change
/// of wording, order or alignment fails here. Re-record them all after a deliberate change
/// with `STRESS_RECORD_GOLDEN=1 swift test --filter GoldenTests`, and read the diff.
@Suite struct GoldenTests {
  static let directory = packageRoot.appendingPathComponent("Tests/StressCLITests/Golden")
  static let recording = ProcessInfo.processInfo.environment["STRESS_RECORD_GOLDEN"] == "1"

  /// Compares `text` with the golden file `name`, or writes it when recording.
  func matches(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let url = Self.directory.appendingPathComponent(name)
    if Self.recording {
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    #expect(
      text == golden, "\(name) differs from its golden file; re-record if it is meant to",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: ["", "run", "list", "report", "verdicts", "compare", "merge", "bench", "help"])
  func helpOfEverySubcommand(command: String) throws {
    let r = runInProcess(command.isEmpty ? ["--help"] : ["help", command])
    #expect(r.code == .success && r.err.isEmpty)
    try matches(r.out, "help-\(command.isEmpty ? "stress" : command).txt")
  }

  /// The texts a controlled failure reads as (its headline, what each thread holds, the
  /// scenario table, the interleaving and the replay), pinned here; tests of behaviour assert
  /// on the finding's values. An exhaustive search is the same schedule on every machine.
  @Test func theTextOfControlledFailures() throws {
    let lost = SelfTestScheduledLostUpdate.explore(
      strategy: .exhaustive(preemptions: 1), schedules: 1_000)
    #expect(lost.finding?.kind == .notLinearizable)
    try matches(lost.report + "\n", "exploration-not-linearizable.txt")
    let deadlock = SelfTestScheduledDeadlock.explore(
      strategy: .exhaustive(preemptions: 1), schedules: 100)
    #expect(deadlock.finding?.kind == .deadlock)
    try matches(deadlock.report + "\n", "exploration-deadlock.txt")
  }

  @Test func theListOfSubjectsAndWrappers() throws {
    let r = runInProcess(["list"])
    #expect(r.code == .success)
    try matches(r.out, "list.txt")
  }

  /// Fixed trials: a finding, a protected failure, throughput, and the positive control
  /// caught in 2 of its 3 trials.
  static var fixtureRecords: [TrialRecord] {
    typealias F = ResultsFixtures
    var records: [TrialRecord] = (0..<3).map {
      F.trial(.control(threads: 2), $0, outcome: $0 == 0 ? .ok : .corrupt)
    }
    for threads in [1, 2] {
      for trial in 0..<3 {
        records.append(F.trial(F.cell("lock", threads: threads), trial, opsPerSecond: 2e6))
        let unsafe = threads > 1 && trial > 0
        records.append(
          F.trial(
            F.cell("unprotected", threads: threads), trial, opsPerSecond: 5e6,
            outcome: unsafe ? .crash : .ok))
        records.append(
          F.trial(
            F.cell("mutex", threads: threads), trial, opsPerSecond: 3e6,
            outcome: threads > 1 && trial == 2 ? .corrupt : .ok))
      }
    }
    return records
  }

  @Test func theEndOfRunSummary() throws {
    let summary = SummaryText(RunDigest(CellStatistics.compute(Self.fixtureRecords)))
    try matches(
      summary.render(path: "Results/fixture.csv", summaryPath: "Results/fixture-summary.csv"),
      "summary.txt")
  }

  /// What a run says when it ends, and `stress report` of the file it wrote, text and JSON:
  /// the same, but for the lines that name the files the run wrote.
  @Test func theEndOfRunSummaryIsWhatReportSaysOfItsFile() throws {
    typealias F = ResultsFixtures
    let records = Self.fixtureRecords
    let environment = RunEnvironment(toolchain: "Swift 6", os: "Linux", cpus: 2)
    let path = try F.write(F.csv(records, environment: environment))
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The run's side: its plan, as ResultsFixtures wrote the file from it.
    var cells: [Cell] = []
    for r in records where !cells.contains(r.cell) { cells.append(r.cell) }
    let ended = RunDigest(
      CellStatistics.compute(records),
      context: RunDigest.Context(
        plan: F.plan(cells, trials: records.count),
        readSharing: Catalog.standard.readSharingWrappers, environment: environment))
    let text = SummaryText(ended).render(path: path, summaryPath: "s.csv")
    let wrote = "\nWrote \(records.count) trials to \(path) and a row per cell to s.csv\n"
    #expect(text.contains(wrote))
    var json = SummaryDocument(ended, results: path, summary: "s.csv")
    #expect(json.run?.results == path && json.run?.summary == "s.csv")
    json.run?.results = nil
    json.run?.summary = nil

    let report = runInProcess(["report", path])
    let reportJSON = runInProcess(["report", path, "--format", "json"])
    #expect(report.code == .success && reportJSON.code == .success)
    #expect(report.out == text.replacingOccurrences(of: wrote, with: "\n"))
    #expect(reportJSON.out == json.json())
    try matches(report.out, "summary-report.txt")
    try matches(reportJSON.out, "summary-report.json")
  }

  /// `stress verdicts` of the fixture's file, text and JSON: a verdict per subject with
  /// unprotected cells, and the trials that broke a declared expectation.
  @Test func theVerdictsOfAFile() throws {
    typealias F = ResultsFixtures
    var records = Self.fixtureRecords
    var promised = F.cell("unprotected", threads: 2, subject: "promised")
    promised.expectation = "never fails unprotected: it says so"
    records.append(F.trial(promised, 0, opsPerSecond: 3e6, outcome: .corrupt))
    let path = try F.write(F.csv(records))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = runInProcess(["verdicts", path])
    let json = runInProcess(["verdicts", path, "--format", "json"])
    #expect(text.code == .success && json.code == .success)
    try matches(text.out, "verdicts.txt")
    try matches(json.out, "verdicts.json")
  }

  /// One of each kind of error: the `Error:` line and the usage hint, exactly.
  @Test func aSampleOfEachKindOfError() throws {
    let commands: [[String]] = [
      ["frobnicate"], ["--nme"], ["run"], ["run", "--suite", "collections", "--trails", "2"],
      ["run", "--subjects", "counter", "--threads", "0"],
      ["run", "--subjects", "countr"], ["run", "--subjects", "counter", "--wrappers", "lok"],
      ["run", "--subjects", "counter", "--ops", "1", "--duration", "1"],
      ["run", "--subjects", "counter", "--readers", "1"], ["report"],
      ["compare", "a.csv"], ["merge", "a.csv"], ["help", "rnu"],
    ]
    var text = ""
    for command in commands {
      let r = runInProcess(command)
      text += "$ stress \(command.joined(separator: " "))\nexit \(r.code.rawValue)\n\(r.err)\n"
    }
    try matches(text, "errors.txt")
  }
}
