import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

/// A run session plans, checks and takes its files before anything is written, and says why
/// it will not run in errors of its own kinds; the command line only prints them.
@Suite struct RunSessionTests {
  static var options: RunOptions {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock"]
    options.threads = [2]
    options.trials = 1
    options.ops = 10
    return options
  }

  /// The kind of a session's failure, as its case's name.
  static func kind(_ failure: RunSessionFailure?) -> String? {
    switch failure {
    case .plan?: "plan"
    case .conflict?: "conflict"
    case .unwritable?: "unwritable"
    case .busy?: "busy"
    case .io?: "io"
    case nil: nil
    }
  }

  /// End-of-run reports of the test's own: the session is the engine's, and takes any.
  final class PathReports: RunReports {
    let summaryPath: String
    let junitPath: String?
    var cells: [CellStatistics]?

    init(plan: Plan, catalog: Catalog, summaryPath: String, junitPath: String?) {
      self.summaryPath = summaryPath
      self.junitPath = junitPath
    }

    var summary: Int { cells?.count ?? -1 }

    static func detail(_ spec: TrialSpec, _ result: TrialResult) -> String { result.detail }

    func runFinished(_ cells: [CellStatistics]) throws { self.cells = cells }
  }

  @Test func theSessionHandsItsReportsTheirPathsOnceItHoldsItsFiles() throws {
    let dir = try TestDirectory.make("stress-session")
    let out = dir.appendingPathComponent("run.csv").path
    let junit = dir.appendingPathComponent("run.xml").path
    let session = try RunSession<PathReports>(
      options: Self.options, outputs: RunOutputs(out: out, junit: junit), catalog: .forTests)
    #expect(session.reports.summaryPath == session.summaryPath)
    #expect(session.reports.junitPath == junit)
    // Not run yet: the reports have no cells, and the trial CSV is the session's own.
    #expect(session.reports.summary == -1)
    #expect(FileManager.default.fileExists(atPath: out))
  }

  @Test func theSummaryGoesBesideTheTrialCSVAndBothAreHeldFromTheStart() throws {
    let dir = try TestDirectory.make("stress-session")
    let out = dir.appendingPathComponent("run.csv").path
    let session = try RunSession<RunReportFiles>(
      options: Self.options, outputs: RunOutputs(out: out), catalog: .forTests)
    #expect(session.path == out)
    #expect(session.summaryPath == dir.appendingPathComponent("run-summary.csv").path)
    #expect(session.spent == 0 && session.plan.cells.count == 1)
    // A second run on the same files is refused while the first holds them.
    let busy = #expect(throws: RunSessionFailure.self) {
      _ = try RunSession<RunReportFiles>(
        options: Self.options, outputs: RunOutputs(out: out), catalog: .forTests)
    }
    #expect(Self.kind(busy) == "busy")
    withExtendedLifetime(session) {}
  }

  @Test func anOutputThatIsAnotherOutputIsRefusedBeforeAnyFileIsMade() throws {
    let dir = try TestDirectory.make("stress-session")
    let out = dir.appendingPathComponent("same.csv").path
    FileManager.default.createFile(atPath: out, contents: Data("keep".utf8))
    let conflict = #expect(throws: RunSessionFailure.self) {
      _ = try RunSession<RunReportFiles>(
        options: Self.options, outputs: RunOutputs(out: out, summaryOut: out),
        catalog: .forTests)
    }
    #expect(Self.kind(conflict) == "conflict")
    #expect(FileManager.default.contents(atPath: out) == Data("keep".utf8))
  }

  @Test func anOutputThatCannotBeAFileIsUnwritable() throws {
    let dir = try TestDirectory.make("stress-session")
    let unwritable = #expect(throws: RunSessionFailure.self) {
      _ = try RunSession<RunReportFiles>(
        options: Self.options, outputs: RunOutputs(out: dir.path), catalog: .forTests)
    }
    #expect(Self.kind(unwritable) == "unwritable")
  }

  @Test func badOptionsAndAResumeOfNoFileArePlanErrors() throws {
    var bad = Self.options
    bad.ops = 10
    bad.seconds = 1
    let options = #expect(throws: RunSessionFailure.self) {
      _ = try RunSession<RunReportFiles>(options: bad, outputs: RunOutputs(), catalog: .forTests)
    }
    #expect(Self.kind(options) == "plan")
    let dir = try TestDirectory.make("stress-session")
    let missing = dir.appendingPathComponent("missing.csv").path
    let resume = #expect(throws: RunSessionFailure.self) {
      _ = try RunSession<RunReportFiles>(
        options: Self.options, outputs: RunOutputs(out: missing, resume: true),
        catalog: .forTests)
    }
    #expect(Self.kind(resume) == "plan")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
