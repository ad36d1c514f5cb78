import Foundation
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
