import Foundation
import Testing

/// Async model tests run by the built executable, in worker processes: bare, each thread's
/// calls made by a task; the self-test account actor's reentrant withdraw is caught, its fix
/// passes, and a plan that leaves them no bare wrapper is refused.
@Suite struct AsyncModelEndToEndTests {
  @Test func anAsyncModelTestRunsBareAndItsReentrancyIsCaught() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress([
      "run", "--subjects", "selftest-async-account,selftest-async-account-fixed",
      "--wrappers", "unprotected,lock,actor", "--threads", "2", "--duration", "2", "--trials", "1",
      "--warmup", "0", "--seed", "5", "--no-control", "--out", csv.path,
    ])
    // The fix promises never to fail: the reentrant one's failure is a verdict, not a broken run.
    #expect(r.code == 0, "\(r.err)")
    #expect(r.out.contains("FAILING SCENARIOS"))
    let rows = try readRows(csv)
    // Only the bare cells: a lock cannot be held across an await, and the calls are tasks.
    #expect(rows.count == 2 && rows.allSatisfy { $0["wrapper"] == "unprotected" })
    let reentrant = try #require(rows.first { $0["subject"] == "selftest-async-account" })
    #expect(reentrant["outcome"] == "corrupt")
    #expect(try reentrant.text("detail").hasPrefix("not linearizable: scenario "))
    #expect(try reentrant.text("detail").contains("withdraw("))
    // The shrunk scenario explored under the controlled executor: the await that let the
    // other withdrawal in.
    #expect(try reentrant.text("detail").contains("explored under the controlled scheduler"))
    #expect(try reentrant.text("detail").contains("suspends at an await"))
    let fixed = try #require(rows.first { $0["subject"] == "selftest-async-account-fixed" })
    #expect(fixed["outcome"] == "ok")
  }

  @Test func onlyWrappersThatProtectAreRefusedBeforeAnythingIsWritten() throws {
    let dir = try temporaryDirectory()
    let r = try runStress([
      "run", "--subjects", "selftest-async-account", "--wrappers", "lock,mutex", "--out",
      dir.appendingPathComponent("r.csv").path,
    ])
    #expect(r.code == 64)
    #expect(
      r.err.split(separator: "\n").first.map(String.init)
        == "Error: Subject 'selftest-async-account' is an async model test: a wrapper's lock "
        + "cannot be held across its awaits, so it runs bare: name the unprotected wrapper.")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }
}
