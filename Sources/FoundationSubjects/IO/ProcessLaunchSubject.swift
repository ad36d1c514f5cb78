import Foundation
import StressKit

/// `Process` (the Summary's NSTask) launched from every thread at once, as a server runs
/// helper programs and keeps a table of the finished ones: each write runs `/bin/echo <token>`
/// with its output in a `Pipe` of its own, reads that pipe to its end, waits for the exit and
/// must get back exactly its token and status 0; the finished `Process` then goes into its
/// thread's slot of the table. Reads look a finished one up in some thread's slot and, from
/// another thread than the one that ran it, must find it exited with status 0 and its own
/// arguments. What the writes share is the launching machinery (the fork, the descriptors a
/// child inherits, the reaping of children): a child that inherits another thread's pipe holds
/// that pipe's end open, or answers for the wrong write. Launches cost milliseconds, so 90% of
/// operations are reads by default.
package final class ProcessLaunchSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "process-launch",
    summary: "Process run from every thread: /bin/echo <token> into a Pipe of its own, then wait",
    documented: .unsafe, sendable: Sendability.of(Process.self), defaultReadRatio: 0.9,
    calls: [
      "run()", "Pipe().fileHandleForReading.readDataToEndOfFile()", "waitUntilExit()",
      "isRunning, terminationReason, terminationStatus, arguments",
    ],
    leavesOut:
      "currentDirectoryURL and environment, terminate(), terminationHandler and standardError")

  static let executable = URL(fileURLWithPath: "/bin/echo")
  private let failures = Failures()
  /// Each thread's last finished process and the token it ran with. The table is the
  /// subject's own bookkeeping, so its lock is not under test; the `Process` objects are.
  private let table = NSLock()
  private var finished: [(process: Process, token: Int)?]

  /// Writes' failures, kept for the end check (a write cannot fail a trial by itself).
  private final class Failures: @unchecked Sendable {
    let lock = NSLock()
    var messages: [String] = []
    func add(_ message: String) {
      lock.lock()
      messages.append(message)
      lock.unlock()
    }
  }

  package init(shape: TrialShape) {
    finished = Array(repeating: nil, count: shape.threads)
  }

  package func write(_ step: Step) {
    let process = Process()
    let output = Pipe()
    process.executableURL = Self.executable
    process.arguments = [String(step.token)]
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      failures.add("write #\(step.seq) of thread \(step.thread) could not launch: \(error)")
      return
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let printed = String(decoding: data, as: UTF8.self)
    if printed != "\(step.token)\n" || process.terminationStatus != 0 {
      failures.add(
        "write #\(step.seq) of thread \(step.thread) got \(printed.debugDescription), "
          + "status \(process.terminationStatus)")
    }
    table.lock()
    finished[step.thread] = (process, step.token)
    table.unlock()
  }

  package func read(_ step: Step) -> String? {
    table.lock()
    let entry = finished[Int(step.random % UInt64(finished.count))]
    table.unlock()
    guard let (process, token) = entry else { return nil }
    if process.isRunning { return "a process that was waited for is running" }
    if process.terminationReason != .exit || process.terminationStatus != 0 {
      return "a finished process reads status \(process.terminationStatus)"
    }
    if process.arguments != [String(token)] {
      return "a finished process reads arguments \(process.arguments ?? []), not [\(token)]"
    }
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    failures.lock.lock()
    for message in failures.messages { violations.add(message) }
    failures.lock.unlock()
    return violations
  }
}
