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
  static func kind(_ failure: RunSession.Failure?) -> String? {
    switch failure {
    case .plan?: "plan"
    case .conflict?: "conflict"
    case .unwritable?: "unwritable"
    case .busy?: "busy"
    case .io?: "io"
    case nil: nil
    }
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
    let busy = #expect(throws: RunSession.Failure.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: out), catalog: .forTests)
    }
    #expect(Self.kind(busy) == "busy")
    withExtendedLifetime(session) {}
  }

  @Test func anOutputThatIsAnotherOutputIsRefusedBeforeAnyFileIsMade() throws {
    let dir = try TestDirectory.make("stress-session")
    let out = dir.appendingPathComponent("same.csv").path
    FileManager.default.createFile(atPath: out, contents: Data("keep".utf8))
    let conflict = #expect(throws: RunSession.Failure.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: out, summaryOut: out),
        catalog: .forTests)
    }
    #expect(Self.kind(conflict) == "conflict")
    #expect(FileManager.default.contents(atPath: out) == Data("keep".utf8))
  }

  @Test func anOutputThatCannotBeAFileIsUnwritable() throws {
    let dir = try TestDirectory.make("stress-session")
    let unwritable = #expect(throws: RunSession.Failure.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: dir.path), catalog: .forTests)
    }
    #expect(Self.kind(unwritable) == "unwritable")
  }

  @Test func badOptionsAndAResumeOfNoFileArePlanErrors() throws {
    var bad = Self.options
    bad.ops = 10
    bad.seconds = 1
    let options = #expect(throws: RunSession.Failure.self) {
      _ = try RunSession(options: bad, outputs: RunSession.Outputs(), catalog: .forTests)
    }
    #expect(Self.kind(options) == "plan")
    let dir = try TestDirectory.make("stress-session")
    let missing = dir.appendingPathComponent("missing.csv").path
    let resume = #expect(throws: RunSession.Failure.self) {
      _ = try RunSession(
        options: Self.options, outputs: RunSession.Outputs(out: missing, resume: true),
        catalog: .forTests)
    }
    #expect(Self.kind(resume) == "plan")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
