import Foundation
import StressKit

/// `Process` (the Summary's NSTask) launched from every thread at once, as a server runs
/// helper programs and keeps a table of the finished ones: each write launches one of three
/// ways (`Launch`) with its output in a `Pipe` of its own, reads that pipe to its end, waits
/// for the exit and must get back exactly what it asked for and status 0. Setting
/// `currentDirectoryURL` changed the whole process's directory around the spawn before
/// swift-corelibs-foundation 4981 (and does again without posix_spawn_file_actions_addchdir_np,
/// 5090), so a child could start in another launch's directory. The finished `Process` then
/// goes into its thread's slot of the table. Reads look a finished one up in some thread's slot
/// and, from another thread than the one that ran it, must find it exited with status 0 and its
/// own arguments. What the writes share is the launching machinery (the fork, the descriptors a
/// child inherits, the reaping of children): a child that inherits another thread's pipe holds
/// that pipe's end open, or answers for the wrong write. Launches cost milliseconds, so 90% of
/// operations are reads by default.
package final class ProcessLaunchSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "process-launch",
    summary: "Process run from every thread (echo, pwd in its own directory, printenv), then wait",
    documented: .unsafe, sendable: Sendability.of(Process.self), defaultReadRatio: 0.9,
    calls: Launch.allCases.map(\.rawValue) + [
      "Pipe().fileHandleForReading.readDataToEndOfFile()", "waitUntilExit()",
      "isRunning, terminationReason, terminationStatus, arguments",
    ],
    leavesOut:
      "terminate() and interrupt(): a launch here ends by itself in milliseconds; "
      + "terminationHandler: it runs on a queue of Foundation's, which the trial would "
      + "have to wait for; standardError: it goes through the same Pipe code as "
      + "standardOutput")

  /// The ways a write launches, each checked by what the child prints.
  package enum Launch: String, CaseIterable {
    case echo = "run() of /bin/echo <token>"
    case directory = "run() of /bin/pwd with currentDirectoryURL set to the thread's own"
    case environment = "run() of /usr/bin/printenv with environment set to the thread's own"
  }

  /// The folder a `.directory` launch of `thread` runs in; shared by every worker, never
  /// removed, so trials leave nothing new behind.
  package static func directory(thread: Int) -> URL {
    URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("stress-process-launch/thread-\(thread)")
  }
  private let failures = WriteFailures()
  /// Each thread's last finished process and the arguments it ran with. The table is the
  /// subject's own bookkeeping, so its lock is not under test; the `Process` objects are.
  private let table = NSLock()
  private var finished: [(process: Process, arguments: [String])?]

  package init(shape: TrialShape) {
    finished = Array(repeating: nil, count: shape.threads)
    for thread in 0..<shape.threads {
      try? FileManager.default.createDirectory(
        at: Self.directory(thread: thread), withIntermediateDirectories: true)
    }
  }

  /// Runs one launch of `kind` for `token` on `thread`: the finished process, or why it failed.
  package static func launch(
    _ kind: Launch, token: Int, thread: Int
  ) -> Result<Process, LaunchFailure> {
    let process = Process()
    let output = Pipe()
    let expected: String
    switch kind {
    case .echo:
      process.executableURL = URL(fileURLWithPath: "/bin/echo")
      expected = String(token)
    case .directory:
      process.executableURL = URL(fileURLWithPath: "/bin/pwd")
      process.currentDirectoryURL = directory(thread: thread)
      expected = directory(thread: thread).path
    case .environment:
      process.executableURL = URL(fileURLWithPath: "/usr/bin/printenv")
      process.environment = ["STRESS_TOKEN": String(token)]
      expected = String(token)
    }
    process.arguments = arguments(kind, token: token)
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      return .failure(LaunchFailure(message: "could not launch (\(kind)): \(error)"))
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let printed = String(decoding: data, as: UTF8.self)
    if printed != expected + "\n" || process.terminationStatus != 0 {
      return .failure(
        LaunchFailure(
          message: "\(kind) launch printed \(printed.debugDescription), not \(expected), "
            + "status \(process.terminationStatus)"))
    }
    return .success(process)
  }

  /// The arguments a launch of `kind` runs with, which a read expects a finished one to keep.
  package static func arguments(_ kind: Launch, token: Int) -> [String] {
    switch kind {
    case .echo: [String(token)]
    case .directory: []
    case .environment: ["STRESS_TOKEN"]
    }
  }

  /// Why a launch failed, as a write reports it.
  package struct LaunchFailure: Error { package var message: String }

  package func write(_ step: Step) {
    let kind = Launch.allCases[Int(step.random % UInt64(Launch.allCases.count))]
    let process: Process
    switch Self.launch(kind, token: step.token, thread: step.thread) {
    case .success(let finished): process = finished
    case .failure(let failure):
      failures.add("write #\(step.seq) of thread \(step.thread): \(failure.message)")
      return
    }
    table.lock()
    finished[step.thread] = (process, Self.arguments(kind, token: step.token))
    table.unlock()
  }

  package func read(_ step: Step) -> String? {
    table.lock()
    let entry = finished[Int(step.random % UInt64(finished.count))]
    table.unlock()
    guard let (process, arguments) = entry else { return nil }
    if process.isRunning { return "a process that was waited for is running" }
    if process.terminationReason != .exit || process.terminationStatus != 0 {
      return "a finished process reads status \(process.terminationStatus)"
    }
    if process.arguments != arguments {
      return "a finished process reads arguments \(process.arguments ?? []), not \(arguments)"
    }
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations { failures.violations() }
}
