import StressKitCore
import StressKitEngine
import StressPlatform
import Synchronization

/// How long an unprotected trial may stay silent before its worker is called hung: sooner than
/// the plan's timeout once the run has timed a thread of the same subject alone. A race that
/// leaves a hash table's probe looping is a finding, but it held the run for the whole timeout
/// (5 s in quick mode, 10 to 20 s otherwise) where its trials take milliseconds: most of the
/// quick collections suite's time, in the runs where it came.
///
/// What one thread of a subject costs per operation is learned from the single-threaded passes
/// the runner sees end, in any worker of the run: a sanity pass, or a trial of one thread. The
/// forecast is `slack` times that cost for the trial's operations (its sanity pass's and each
/// thread's), plus its timed parts. The slowest quick trial seen, `userdefaults` at 8 threads,
/// took 8 times what this predicts before the slack. Three deadlines come of it:
/// - on the wall clock (`deadline`), never under `floor`: a hang that blocks (a thread waiting
///   for a signal that never comes) uses no CPU and is caught only so;
/// - in the worker's CPU time (`cpuDeadline`), the forecast on every CPU its threads can use,
///   never under `cpuFloor`. A probe loop spins as fast as it can, so it is caught in a fraction
///   of the wall-clock floor (the `swift-set` hangs of the quick suite spin); and a machine too
///   busy to run the trial stretches its wall time but adds nothing to its CPU time;
/// - for its stragglers (`stragglerWait`), once the first of its threads finished: the rest
///   have `stragglerSlack` times what it took, at least `floor`. A dear subject's forecast of a
///   whole trial at 8 threads can pass the quick timeout (`nscountedset`, 19 µs an operation),
///   and a thread that blocks spends no CPU: its peers' end is what shows it is stuck.
///
/// Protected cells keep the plan's timeout: their time at 8 threads is their lock's contention
/// (a queue's wake-ups, a barrier's drain), which no single thread predicts. So does an
/// exploration (a `strategy`): its scheduler names a stuck thread itself after
/// `ControlledTrial.stuckAfter`, with what each thread held, and the runner must not kill it
/// first. A timeout the user gives is the whole deadline and is kept too
/// (`Plan.forecastsHangs`).
final class HangForecast: Sendable {
  /// How many times the predicted time a trial may take.
  static let slack = 50.0
  /// The shortest forecast on the wall clock, in seconds: a subject's check may wait for late
  /// callbacks (a run loop's timers) for up to 2 s with none arriving, and a busy machine may
  /// stretch that.
  static let floor = 3.0
  /// The shortest forecast in CPU time, in seconds: a quick trial's forecast is milliseconds.
  static let cpuFloor = 0.5
  /// How many times what the first of a trial's threads took the others may still run.
  static let stragglerSlack = 20.0

  /// The CPUs this process may use: a trial's threads use at most as many at once.
  private let cpus: Int

  /// `cpus`: how many CPUs the workers may use.
  init(cpus: Int = Platform.allowedCPUs().count) {
    self.cpus = max(1, cpus)
  }

  /// The most seconds an operation of one thread took, by subject, wrapper and driver.
  private let costs = Mutex<[String: Double]>([:])

  /// Records a single-threaded pass of `spec`'s subject: `ops` operations in `seconds`, from
  /// the request to the answer (the subject's making and checking included, so it errs long).
  func learn(_ spec: TrialSpec, ops: Int, seconds: Double) {
    guard Self.forecasts(spec), ops > 0, seconds > 0 else { return }
    let cost = seconds / Double(ops)
    costs.withLock { $0[Self.key(spec), default: 0] = max($0[Self.key(spec), default: 0], cost) }
  }

  /// The seconds `spec` may take from its request to its answer: the forecast where one is
  /// known, and never over `timeout`.
  func deadline(for spec: TrialSpec, timeout: Double) -> Double {
    forecast(spec).map { min(timeout, max(Self.floor, $0)) } ?? timeout
  }

  /// The CPU seconds `spec`'s worker may use from its request to its answer, where a forecast
  /// is known: the forecast on each CPU the trial's threads (and one helper, such as a
  /// subject's run loop) can use at once.
  func cpuDeadline(for spec: TrialSpec) -> Double? {
    forecast(spec).map { max(Self.cpuFloor, $0 * Double(min(spec.threads + 1, cpus))) }
  }

  /// The forecast in seconds: `slack` times the learned cost of the trial's operations, plus
  /// its timed parts.
  private func forecast(_ spec: TrialSpec) -> Double? {
    guard Self.forecasts(spec), let cost = costs.withLock({ $0[Self.key(spec)] }) else {
      return nil
    }
    let perThread = Double(spec.bound.opsPerThread ?? Trial.sanityOps)
    let sanity = Double(min(Trial.sanityOps, spec.bound.opsPerThread ?? Trial.sanityOps))
    let work = Self.slack * cost * (sanity + perThread * Double(spec.threads))
    let timed = (spec.bound.seconds ?? 0) + (spec.tuning.burst > 0 ? Tuning.burstSeconds : 0)
    return work + timed
  }

  /// How long the other threads of a trial may still run once its first finished, `first`
  /// seconds after their release: `stragglerSlack` times that, never under `floor`. Unprotected
  /// threads of one subject share the cores alike and end close together, so one still
  /// running long after is stuck in an operation, whatever the forecast of the whole (a dear
  /// subject's at 8 threads is past the quick timeout). nil where the threads differ by role
  /// (readers and writers) or no forecast applies.
  func stragglerWait(for spec: TrialSpec, firstDoneAfter first: Double) -> Double? {
    guard Self.forecasts(spec), spec.threads > 1, spec.readers == nil else { return nil }
    return max(Self.floor, Self.stragglerSlack * first)
  }

  /// Unprotected stress trials only.
  private static func forecasts(_ spec: TrialSpec) -> Bool {
    spec.wrapper == Unprotected.info.id && spec.strategy == nil
  }

  private static func key(_ spec: TrialSpec) -> String {
    "\(spec.subject) \(spec.wrapper) \(spec.driver.rawValue)"
  }
}
