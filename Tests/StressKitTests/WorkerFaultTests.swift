import Foundation
import StressTestSupport
import Synchronization
import Testing

@testable import StressKit

/// Workers that misbehave in ways no subject can cause, played by shell scripts that speak
/// the worker's channel: each is the harness's failure (thrown, the run stopped), never a row
/// that blames the subject.
@Suite struct WorkerFaultTests {
  /// Collects the rows a run would write.
  final class Rows: RunObserver {
    var records: [TrialRecord] = []
    func trialFinished(_ record: TrialRecord) throws { records.append(record) }
  }

  /// A result message as the worker sends it (`WorkerMessage.result`).
  static let result =
    #"{"result":{"_0":{"outcome":"ok","failures":0,"ops":10,"reads":0,"writes":10,"seconds":0.1,"detail":"","harnessFault":false}}}"#

  /// The worker's side, as a script: `answer` is what it writes for the first trial.
  func worker(_ body: String) throws -> String {
    let dir = try TestDirectory.make("stress-fake-worker")
    let path = dir.appendingPathComponent("worker").path
    try "#!/bin/bash\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  func run(_ body: String, timeout: Double? = nil, trials: Int = 1) throws -> (
    records: [TrialRecord], failure: HarnessFailure?
  ) {
    var options = RunOptions()
    options.subjects = ["test-wide-window-counter"]
    options.wrappers = ["lock"]
    options.threads = [2]
    options.trials = trials
    options.ops = 10
    options.warmup = 0
    options.timeout = timeout
    // The fake workers answer the cell's trial only.
    options.control = false
    let plan = try Plan(options: options, catalog: .forTests, suiteDirectories: [])
    let script = try worker(body)
    // A test elsewhere may fork while the script is still open for writing, and the child
    // holds it until it execs: spawning then fails with ETXTBSY for a moment.
    for _ in 0..<50 {
      let rows = Rows()
      do {
        try Scheduler(plan: plan, workerExecutable: script).run(observers: [rows])
        return (rows.records, nil)
      } catch let failure as HarnessFailure {
        if failure.detail.hasSuffix("Text file busy") {
          usleep(20_000)
          continue
        }
        return (rows.records, failure)
      }
    }
    Issue.record("the fake worker stayed busy")
    return ([], nil)
  }

  @Test func aWorkerThatAnswersWellGivesARow() throws {
    let r = try run(
      "echo '{\"ready\":{}}' >&3; read line; echo '{\"sane\":{}}' >&3; echo '{\"started\":{}}' >&3; echo '\(Self.result)' >&3"
    )
    #expect(r.failure == nil)
    #expect(r.records.map(\.result.outcome) == [.ok])
  }

  /// A worker that dies before it says a trial's pass is done has failed alone, unless the
  /// runner skipped the pass: then it is the trial's crash (a thread of the last trial still
  /// ending, say), and the runner judges it alone in a fresh worker, which here passes.
  @Test func aCrashBeforeASkippedPassIsTheTrialsAndJudgedAlone() throws {
    let ok = "echo '{\"sane\":{}}' >&3; echo '{\"started\":{}}' >&3; echo '\(Self.result)' >&3"
    let r = try run(
      "echo '{\"ready\":{}}' >&3; read line; \(ok); read line; kill -SEGV $$", trials: 2)
    #expect(r.failure == nil)
    #expect(r.records.map(\.result.outcome) == [.ok, .crash])
  }

  /// The runner's other descriptors (a results file, its lock, a script being written) do not
  /// cross into a worker: here one opened without close-on-exec, which the worker looks for.
  @Test func aWorkerInheritsOnlyItsChannel() throws {
    // Copied above the worker's own descriptors (0 to 3), wherever the lowest free one is
    // while other tests open and close files (an exit test's pipes, say): F_DUPFD's copy is
    // not close-on-exec either.
    let opened = open("/dev/null", O_RDONLY)
    try #require(opened >= 0)
    let stray = fcntl(opened, F_DUPFD, 64)
    close(opened)
    try #require(stray >= 64)
    defer { close(stray) }
    let r = try run(
      "[ -e /proc/$$/fd/\(stray) ] && exit 9; echo '{\"ready\":{}}' >&3; read line; echo '{\"sane\":{}}' >&3; echo '{\"started\":{}}' >&3; echo '\(Self.result)' >&3"
    )
    #expect(r.failure == nil, "\(r.failure.map { "\($0)" } ?? "")")
    #expect(r.records.map(\.result.outcome) == [.ok])
  }

  /// A worker slow to start (a sanitizer build, a busy machine) does not spend its trial's
  /// time on that: the timeout counts from its readiness.
  @Test func aSlowStartIsNotTheTrialsHang() throws {
    let r = try run(
      "sleep 2; echo '{\"ready\":{}}' >&3; read line; echo '{\"sane\":{}}' >&3; "
        + "echo '\(Self.result)' >&3", timeout: 1)
    #expect(r.failure == nil, "\(String(describing: r.failure))")
    #expect(r.records.map(\.result.outcome) == [.ok])
  }

  @Test(arguments: [
    ("died before it was ready", "exit 3", "the worker died before it was ready"),
    (
      "negative ops",
      "echo '{\"ready\":{}}' >&3; read line; echo '\(result.replacingOccurrences(of: "\"ops\":10", with: "\"ops\":-5"))' >&3",
      "the worker answered impossible values: ops -5"
    ),
    (
      "ops that do not add up",
      "echo '{\"ready\":{}}' >&3; read line; echo '\(result.replacingOccurrences(of: "\"writes\":10", with: "\"writes\":3"))' >&3",
      "the worker answered impossible values: ops 10 is not reads 0 + writes 3"
    ),
    (
      "garbage", "echo '{\"ready\":{}}' >&3; read line; echo '{{{' >&3",
      "worker sent an unreadable result"
    ),
  ])
  func aWorkerThatCannotHaveMeantItIsAHarnessFailure(name: String, body: String, detail: String)
    throws
  {
    let r = try run(body)
    let failure = try #require(r.failure, "\(name): \(r.records.map(\.result))")
    #expect(failure.detail.hasPrefix(detail), "\(name): \(failure.detail)")
    #expect(r.records.isEmpty)
  }
}
