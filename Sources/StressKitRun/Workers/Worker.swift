import Foundation
import StressKitCore
import StressKitEngine
import StressPlatform

/// The child side of trial isolation: a worker process reads trial specs (one JSON line each)
/// on stdin, runs them, and writes results (one JSON line each) on fd 3. Whatever the subject
/// prints goes to stdout/stderr, which the parent keeps apart as diagnostics.
package enum Worker {
  /// The hidden argument that turns the `stress` executable into a worker.
  package static let command = "__worker"
  static let resultDescriptor: Int32 = 3
  /// Asks a worker to report where it crashed (`CrashReport`).
  static let crashReportFlag = "--report-crashes"

  /// Serves trials until stdin closes or the parent disappears; never returns.
  package static func serve(catalog: Catalog, arguments: [String]) -> Never {
    Platform.ignoreInterrupts()
    if arguments.contains(crashReportFlag) { Platform.reportCrashes() }
    taskPoolIsWatched.store(true, ordering: .relaxed)
    watchParent(arguments)
    say(.ready)
    let decoder = JSONDecoder()
    var pending: [UInt8] = []
    while let chunk = Platform.readSome(0), !chunk.isEmpty {
      pending += chunk
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        let result: TrialResult
        do {
          let spec = try decoder.decode(TrialSpec.self, from: Data(line))
          result = Trial.run(spec, catalog: catalog) { say(WorkerMessage($0)) }
        } catch {
          result = .harnessFault("worker could not read its request: \(error)")
        }
        say(.result(result))
      }
    }
    Platform.exitImmediately(0)
  }

  /// Sends `message` to the runner; a worker that cannot reach its runner has no one to
  /// serve, and exits.
  private static func say(_ message: WorkerMessage) {
    guard Platform.writeAll(resultDescriptor, message.line) else { Platform.exitImmediately(3) }
  }

  /// Exits as soon as the parent is gone (even if it was SIGKILLed and a trial is stuck). On
  /// Linux the kernel kills it too, even while it is stopped and cannot watch: the spawn asked
  /// for that before exec (`cstress_spawn_worker`). This watch is for the other systems.
  private static func watchParent(_ arguments: [String]) {
    // A thread start is a share of a fresh worker's cost; on Linux the kernel's kill suffices.
    guard !Platform.hasParentDeathSignal else { return }
    guard let i = arguments.firstIndex(of: "--parent-pid"), i + 1 < arguments.count,
      let parent = Int32(arguments[i + 1])
    else { return }
    let watchdog = Thread {
      while Platform.parentProcessID == parent { Platform.sleep(seconds: 0.05) }
      Platform.exitImmediately(4)
    }
    watchdog.start()
  }
}
