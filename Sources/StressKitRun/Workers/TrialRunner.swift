import StressKitCore
import StressPlatform

/// What the scheduler runs trials in, one at a time: a worker process (`WorkerProcess`), or,
/// in tests, a fake that answers in this process, so the scheduler's own logic (warmup,
/// resume, fresh workers, interruptions, harness failures) is tested without a binary.
package protocol TrialRunner: AnyObject {
  /// False once the runner crashed, hung or was stopped: the scheduler starts another.
  var isAlive: Bool { get }
  /// Runs `spec`; a crash, a hang past `timeout` seconds, or a garbled answer becomes the
  /// result. Throws `Interrupted` when `interruption` asks to stop while the trial runs.
  func run(_ spec: TrialSpec, timeout: Double, failsAlone: Bool, interruption: Interruption?)
    throws(Interrupted) -> TrialResult
  /// Ends the runner; it is not used again.
  func stop()
  /// The worker's process, whose CPU time a trial's machine reading takes; nil for a fake.
  var pid: Int32? { get }
}

extension TrialRunner {
  package var pid: Int32? { nil }
}

/// Thrown by a `TrialRunner` when an interruption arrives while a trial runs; the runner has
/// been stopped.
package struct Interrupted: Error {}
