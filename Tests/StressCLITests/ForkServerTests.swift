import Foundation
import StressTestSupport
import Testing

@testable import StressKit
@testable import StressKitRun
@testable import StressPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Workers forked by the zygote (`ForkServer`), with the built `stress` as the zygote: each
/// is a process of its own, the zygote outlives their crashes, a dead zygote is replaced, and
/// nothing of the zygote's or the runner's is open in a worker.
///
/// A server's runner adopts orphans while it lives. The test process must never do so: an
/// orphan of another test's killed run would stay its zombie, and Swift Testing's wait for
/// exit tests (`waitid(P_ALL)`) would see that zombie for ever and never its own child. So
/// each server runs inside an exit test, a process of its own.
@Suite(.serialized) struct ForkServerTests {
  static func server() throws -> ForkServer {
    try #require(ForkServer(executable: stressExecutable, environment: WorkerProcess.environment))
  }

  static func trial(_ subject: String, threads: Int = 2, in server: ForkServer) throws
    -> TrialResult
  {
    let worker = try WorkerProcess(executable: stressExecutable, forkServer: server)
    defer { worker.stop() }
    let spec = TrialSpec(
      subject: subject, wrapper: "unprotected", threads: threads, readRatio: 0.5,
      bound: .ops(2_000), seed: 3)
    return try worker.run(spec, timeout: 30)
  }

  static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 && !isZombie(pid) }

  @Test func aForkedWorkerCrashesAloneAndTheZygoteServesTheNext() async {
    await #expect(processExitsWith: .success) {
      let server = try ForkServerTests.server()
      let crashed = try ForkServerTests.trial(SelfTestCrash.info.id, in: server)
      #expect(crashed.outcome == .crash)
      // The runner waited for it itself: the signal that ended it is in the result.
      #expect(crashed.detail.hasPrefix("SIG"))
      let zygote = try #require(server.zygotePID)
      #expect(ForkServerTests.isRunning(zygote))
      #expect(try ForkServerTests.trial("counter", threads: 1, in: server).outcome == .ok)
      #expect(server.zygotePID == zygote && server.forked == 2 && server.started == 1)
    }
  }

  @Test func aWorkerIsTheRunnersChildNotTheZygotes() async {
    await #expect(processExitsWith: .success) {
      let server = try ForkServerTests.server()
      let worker = try WorkerProcess(executable: stressExecutable, forkServer: server)
      defer { worker.stop() }
      let zygote = try #require(server.zygotePID)
      let mine = children(of: getpid())
      #expect(mine.contains(zygote))
      #expect(mine.count >= 2)
      #expect(children(of: zygote).isEmpty)
    }
  }

  @Test func aKilledZygoteIsReplaced() async {
    await #expect(processExitsWith: .success) {
      let server = try ForkServerTests.server()
      #expect(try ForkServerTests.trial("counter", threads: 1, in: server).outcome == .ok)
      let first = try #require(server.zygotePID)
      kill(first, SIGKILL)
      #expect(try ForkServerTests.trial("counter", threads: 1, in: server).outcome == .ok)
      let second = try #require(server.zygotePID)
      #expect(second != first && server.started == 2 && server.forked == 2)
    }
  }

  @Test func noDescriptorOfTheZygoteOrTheRunnerIsOpenInAWorker() async {
    await #expect(processExitsWith: .success) {
      // A descriptor of the runner's that is not closed on exec, to be sure none crosses.
      let stray = open("/dev/null", O_RDONLY)
      defer { close(stray) }
      let server = try ForkServerTests.server()
      let result = try ForkServerTests.trial(SelfTestDescriptors.info.id, threads: 1, in: server)
      #expect(result.outcome == .ok, "\(result.detail)")
      #expect(server.forked == 1)
    }
  }

  @Test func theRunnerAdoptsOrphansOnlyWhileAServerLives() async {
    await #expect(processExitsWith: .success) {
      #expect(!Platform.isSubreaper)
      var first: ForkServer? = try ForkServerTests.server()
      var second: ForkServer? = try ForkServerTests.server()
      #expect(Platform.isSubreaper)
      first = nil
      #expect(Platform.isSubreaper, "one server is still alive")
      second = nil
      #expect(!Platform.isSubreaper)
      _ = (first, second)
    }
  }

  @Test func theCommandsWorkersComeFromTheZygoteNotFromExec() throws {
    // Read from /proc while a run of the built command is stuck on a hanging cell: a forked
    // worker retitles itself `__worker --forked` (it would show the zygote's command line
    // otherwise); an exec'ed one has the worker's arguments, without `--forked`.
    let dir = try TestDirectory.make("stress-zygote")
    let csv = dir.appendingPathComponent("r.csv")
    let (process, _) = try startAndWaitForRows(
      [
        "run", "--subjects", "counter,\(SelfTestHang.info.id)", "--wrappers", "unprotected",
        "--threads", "2", "--trials", "1", "--warmup", "0", "--ops", "100", "--timeout", "30",
        "--no-control", "--out", csv.path,
      ], csv: csv, rows: 1)
    defer {
      process.terminate()
      waitForExit(process, timeout: 10)
    }
    // The command's runner adopts its workers; this test process adopts nothing.
    #expect(!Platform.isSubreaper)
    // The first row can be on disk, and the zygote running, before the next worker is forked:
    // wait for it (a second, at most, in practice).
    let expected = Platform.hasThreadSanitizer ? 1 : 2
    var kids = children(of: process.processIdentifier)
    for _ in 0..<400 where kids.count < expected {
      usleep(25_000)
      kids = children(of: process.processIdentifier)
    }
    let commands = kids.map { pid in
      (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
    }
    if Platform.hasThreadSanitizer {
      // A TSan build (this test process's, so the command's too) starts workers by exec.
      #expect(kids.count == 1)
      #expect(commands.allSatisfy { $0.contains(Worker.command) })
    } else {
      // A zygote, and the worker stuck on the hang, forked from it and named as a worker.
      #expect(kids.count == 2)
      let words = commands.map { $0.split(separator: "\0").dropFirst().map(String.init) }
      #expect(words.filter { $0.first == Zygote.command }.count == 1, "\(words)")
      #expect(words.filter { $0 == [Worker.command, "--forked"] }.count == 1, "\(words)")
      let names = kids.map { pid in
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
      }
      #expect(names.contains("stress-worker\n"), "\(names)")
    }
  }
}
