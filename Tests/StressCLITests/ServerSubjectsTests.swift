import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The subjects for what servers use, run as a user runs them: in workers of their own, since
/// URLSession can crash or hang the process it runs in.
@Suite struct ServerSubjectsTests {
  /// `urlsession`'s trials end (no `error`: the subject is sound alone), and its focused trial
  /// names the pair every thread made, the first call on the first target.
  @Test func urlSessionTrialsRunInTheirOwnWorkersAndFocusOnePair() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("u.csv")
    let run = try runStress(
      [
        "run", "--subjects", "urlsession", "--wrappers", "unprotected", "--threads", "4",
        "--trials", "2", "--ops", "12", "--timeout", "60", "--no-control", "--out", csv.path,
        "--quiet",
      ], timeout: 300)
    #expect(run.code == 0, "\(run.err)")
    let rows = CSV.parse(try String(contentsOf: csv, encoding: .utf8))
    let header = try #require(rows.first)
    let outcome = try #require(header.firstIndex(of: "outcome"))
    let focus = try #require(header.firstIndex(of: "focus"))
    let trial = try #require(header.firstIndex(of: "trial"))
    let trials = rows.dropFirst()
    #expect(trials.count == 2)
    #expect(trials.allSatisfy { $0[outcome] != "error" }, "\(trials.map { $0[outcome] })")
    let focused = try #require(trials.first { $0[trial] == "1" })
    #expect(
      focused[focus] == "URLSession.shared.dataTask(with:completionHandler:), resume() on /")
    #expect(trials.first { $0[trial] == "0" }?[focus] == "")
  }
}

extension ServerSubjectsTests {
  /// `environment-setenv` changes the environment through the C library in workers of its own
  /// (never in the test process, whose other tests read it): under a lock its trials end ok,
  /// reads through Foundation and getenv alike, and its check tells a thread's token from
  /// anything else.
  @Test func environmentSubjectSetsAndReadsInItsOwnWorkers() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("e.csv")
    let run = try runStress(
      [
        "run", "--subjects", "environment-setenv", "--wrappers", "lock", "--threads", "1,4",
        "--trials", "2", "--ops", "2000", "--no-control", "--out", csv.path, "--quiet",
      ], timeout: 300)
    #expect(run.code == 0, "\(run.err)")
    let rows = CSV.parse(try String(contentsOf: csv, encoding: .utf8))
    let outcome = try #require(rows.first?.firstIndex(of: "outcome"))
    #expect(rows.count == 5 && rows.dropFirst().allSatisfy { $0[outcome] == "ok" }, "\(rows)")
    let info = EnvironmentSubject.info
    for call in ["setenv", "unsetenv", "ProcessInfo.processInfo.environment", "getenv"] {
      #expect(info.calls.contains { $0.contains(call) }, "environment-setenv lacks \(call)")
    }
    let name = "STRESS_ENV_2_0"
    #expect(EnvironmentSubject.check(nil, of: name, thread: 2) == nil)
    #expect(
      EnvironmentSubject.check(String(Token.encode(thread: 2, seq: 7)), of: name, thread: 2) == nil)
    #expect(
      EnvironmentSubject.check(String(Token.encode(thread: 1, seq: 7)), of: name, thread: 2) != nil)
    #expect(EnvironmentSubject.check("PATH=/bin", of: name, thread: 2) != nil)
  }

  /// `process-launch` launches the three ways it names, each checked by what the child prints:
  /// in the thread's own directory, with the thread's own environment.
  @Test func processLaunchRunsInItsOwnDirectoryAndEnvironment() throws {
    typealias S = ProcessLaunchSubject
    try FileManager.default.createDirectory(
      at: S.directory(thread: 3), withIntermediateDirectories: true)
    for kind in S.Launch.allCases {
      switch S.launch(kind, token: 41, thread: 3) {
      case .success(let process): #expect(process.arguments == S.arguments(kind, token: 41))
      case .failure(let failure): Issue.record("\(kind): \(failure.message)")
      }
    }
    #expect(S.info.calls.contains { $0.contains("currentDirectoryURL") })
    #expect(S.info.calls.contains { $0.contains("environment") })
  }
}
