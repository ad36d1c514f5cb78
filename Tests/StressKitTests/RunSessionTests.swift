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

  @Test func theSummaryGoesBesideTheTrialCSVAndBothAreHeldFromTheStart() throws {
    let dir = try TestDirectory.make("stress-session")
    let out = dir.appendingPathComponent("run.csv").path
    let session = try RunSession(
      options: Self.options, outputs: RunSession.Outputs(out: out), catalog: .forTests)
    #expect(session.path == out)
    #expect(session.summaryPath == dir.appendingPathComponent("run-summary.csv").path)
    #expect(session.spent == 0 && session.plan.cells.count == 1)
    // A second run on the same files is refused while the first holds them.
    #expect(throws: ResultsLock.Busy.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: out), catalog: .forTests)
    }
    withExtendedLifetime(session) {}
  }

  @Test func anOutputThatIsAnotherOutputIsRefusedBeforeAnyFileIsMade() throws {
    let dir = try TestDirectory.make("stress-session")
    let out = dir.appendingPathComponent("same.csv").path
    FileManager.default.createFile(atPath: out, contents: Data("keep".utf8))
    #expect(throws: OutputPaths.Conflict.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: out, summaryOut: out),
        catalog: .forTests)
    }
    #expect(FileManager.default.contents(atPath: out) == Data("keep".utf8))
  }

  @Test func badOptionsAndAResumeOfNoFileArePlanErrors() throws {
    var bad = Self.options
    bad.ops = 10
    bad.seconds = 1
    #expect(throws: PlanError.self) {
      _ = try RunSession(options: bad, outputs: RunSession.Outputs(), catalog: .forTests)
    }
    let dir = try TestDirectory.make("stress-session")
    let missing = dir.appendingPathComponent("missing.csv").path
    #expect(throws: PlanError.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: missing, resume: true),
        catalog: .forTests)
    }
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
