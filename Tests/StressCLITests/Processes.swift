import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Watching the built executable's processes

/// Starts the built `stress` with `arguments`, then waits until `csv` holds `rows` trial
/// rows and a worker is running (the next cell, stuck on selftest-hang). Returns the runner
/// and that worker's pids.
func startAndWaitForRows(
  _ arguments: [String], csv: URL, rows: Int, stderr: URL? = nil
) throws -> (process: Process, workers: [Int32]) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: stressExecutable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  if let stderr { process.standardError = try FileHandle(forWritingTo: stderr) }
  try process.run()
  var workers: [Int32] = []
  for _ in 0..<200 {
    usleep(50_000)
    workers = children(of: process.processIdentifier)
    if (try? readRows(csv).count) == rows && !workers.isEmpty { break }
  }
  return (process, workers)
}

/// Processes whose parent is `pid`, from /proc.
func children(of pid: Int32) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap(Int32.init).filter { candidate in
    guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 && Int32(fields[1]) == pid
  }
}

func isZombie(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return true }
  return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
}

/// What a shell script running the built `stress` (as `$STRESS`) ended with.
struct ShellResult {
  /// The exit status, or 128 + the signal that ended the script's last command.
  var code: Int32
  var out: String
  var err: String
}

/// Runs `script` in bash, in `directory`, with `$STRESS` the built executable: for the
/// redirections a test needs (closed descriptors, /dev/full, broken pipes, limits). Killed
/// after `timeout` seconds.
func runShell(_ script: String, in directory: URL, timeout: Double = 60) throws -> ShellResult {
  let outURL = directory.appendingPathComponent(".shell-out")
  let errURL = directory.appendingPathComponent(".shell-err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", script]
  process.currentDirectoryURL = directory
  var environment = ProcessInfo.processInfo.environment
  environment["STRESS"] = stressExecutable
  process.environment = environment
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  waitForExit(process, timeout: timeout)
  let code =
    process.terminationReason == .uncaughtSignal
    ? 128 + process.terminationStatus : process.terminationStatus
  return ShellResult(
    code: code, out: try String(contentsOf: outURL, encoding: .utf8),
    err: try String(contentsOf: errURL, encoding: .utf8))
}

/// Whether this process may change to another user (root), for limits root ignores.
var isRoot: Bool { getuid() == 0 }

/// The pids of `pids` still alive (a zombie counts as gone) after waiting up to `seconds`.
func survivors(of pids: [Int32], within seconds: Double) -> [Int32] {
  var alive = pids
  for _ in 0..<Int(seconds * 20) where !alive.isEmpty {
    usleep(50_000)
    alive = alive.filter { kill($0, 0) == 0 && !isZombie($0) }
  }
  return alive
}

/// Waits for `process`, killing it after `timeout` seconds: a hang is one failed test, not a
/// stuck test run. If even the killed process is never seen to end (something it left holds
/// Foundation's exit channel), the test run stops here, saying so, rather than hang.
func waitForExit(_ process: Process, timeout: Double) {
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  guard process.isRunning else { return }
  kill(process.processIdentifier, SIGKILL)
  for _ in 0..<3_000 where process.isRunning { usleep(10_000) }
  precondition(
    !process.isRunning,
    "pid \(process.processIdentifier) was killed but never seen to end: "
      + "children \(children(of: process.processIdentifier))")
}
