import Foundation
import StressKitCore
import StressKitModel
import StressPlatform

/// A trial of a model test under the controlled scheduler (`stress run --strategy`): the
/// trial's seed drives an exploration (`Exploration`), and its bound counts schedules (`--ops`)
/// or seconds of exploring (`--duration`). A trial's ops are the schedules it ran.
///
/// How an exploration ends becomes an outcome as a stress trial's would: a history with no
/// sequential explanation is `corrupt`; a deadlock, a livelock or a thread stuck outside the
/// primitives is a `hang` the scheduler saw, not one the runner had to kill; a replay that
/// diverged is an `error` of the test. A failure is the trial's finding, as data: the runner
/// has the reports word it (with the command that replays it) into the trial's detail.
package enum ControlledTrial<M: ModelTest> {
  /// Seconds a thread may run without reaching a primitive before it is called stuck: well
  /// inside the hang timeout of every mode.
  package static var stuckAfter: Double { 2 }

  /// `now` is the clock each history's check reads against its deadline.
  package static func run(
    _ spec: TrialSpec, strategy: ScheduleStrategy,
    milestone: @escaping @Sendable (Trial.Milestone) -> Void,
    now: @escaping @Sendable () -> UInt64 = Platform.monotonicNanos
  ) -> TrialResult {
    // Its threads are started by the scheduler, not by a barrier: both milestones pass here.
    milestone(.sane)
    milestone(.started)
    let began = Platform.monotonicNanos()
    // It explores for its --duration, and never past its deadline (half the timeout), so that
    // the runner never kills a long exploration as a hang of the subject.
    let limit = [spec.bound.seconds, spec.deadline].compactMap { $0 }.min()
    let asked = spec.bound.opsPerThread ?? .max
    let explored = Exploration<M>.run(
      strategy: strategy, threads: spec.threads, schedules: asked, seconds: limit,
      seed: spec.seed, stuckAfter: stuckAfter, now: now)
    let seconds = Double(Platform.monotonicNanos() - began) / 1e9
    // A count-bound exploration that ran out of time says so: it ran fewer schedules than
    // asked, and its claim is what it ran.
    // A replay runs its one schedule, whatever --ops says: it is never stopped short.
    var replays = false
    if case .replay = strategy { replays = true }
    let stopped =
      !replays && spec.bound.opsPerThread != nil && explored.schedules < asked
      && [.passed, .cutShort, .blind, .unknown].contains(explored.verdict)
      && spec.deadline != nil && !(explored.exhausted)
    let cut =
      stopped
      ? "; stopped at the trial's deadline (\(spec.deadline ?? 0) s, half the timeout) after "
        + "\(explored.schedules) of \(asked) schedules" : ""
    func result(_ outcome: Outcome, failures: Int) -> TrialResult {
      var result = TrialResult(
        outcome: outcome, failures: failures, ops: explored.schedules, reads: nil, writes: nil,
        seconds: seconds, detail: explored.report + cut)
      // A pass, or an unknown, found nothing: its summary is its detail.
      if outcome != .ok { result.finding = explored.finding }
      result.scenarios = explored.scenarios
      result.switchPoints = explored.switchPoints
      // A search's claim is its coverage: a search that passed covered its bound, or was cut
      // short. One that failed, or left histories unchecked, covers nothing. A random
      // strategy's trial has no bound, but one stopped before its budget was cut short.
      if case .exhaustive = strategy, [.passed, .cutShort].contains(explored.verdict) {
        result.searchComplete = explored.exhausted
      } else if stopped {
        // Fewer schedules than its budget: cut short too, and it claims nothing.
        result.searchComplete = false
      }
      return result
    }
    switch explored.verdict {
    case .passed: return result(.ok, failures: 0)
    // A search cut short found nothing, and its trial records that it did not cover its bound:
    // the cell's verdict claims nothing for it.
    case .cutShort: return result(.ok, failures: 0)
    // Its operations reached no scheduled primitive: no failure, and nothing explored inside
    // an operation. The cell's verdict says so from the trial's switch points.
    case .blind: return result(.ok, failures: 0)
    // A check that ran out of time passed nothing and failed nothing: an ok trial whose
    // detail says so, as under stress.
    case .unknown: return result(.ok, failures: 0)
    case .notLinearizable, .dataRace, .misuse:
      var failed = result(.corrupt, failures: 1)
      failed.timeToFailureMs = seconds * 1e3
      return failed
    case .deadlock, .livelock, .stuck: return result(.hang, failures: 1)
    case .replayDiverged: return result(.error, failures: 0)
    case .brokenTest:
      // Worded by the reports, after the words a broken subject's detail starts with.
      return .brokenSubject("", keeping: explored.finding)
    case .notRun: return .harnessFault(explored.report)
    }
  }
}
