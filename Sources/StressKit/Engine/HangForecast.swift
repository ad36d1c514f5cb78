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
/// thread's), plus its timed parts, and never under `floor`. The slowest quick trial seen,
/// `userdefaults` at 8 threads, took 8 times what this predicts before the slack.
///
/// Protected cells keep the plan's timeout: their time at 8 threads is their lock's contention
/// (a queue's wake-ups, a barrier's drain), which no single thread predicts. So does an
/// exploration (a `strategy`): its scheduler names a stuck thread itself after `ControlledTrial.stuckAfter`, with what each
/// thread held, and the runner must not kill it first. A timeout the user gives is the whole
/// deadline and is kept too (`Plan.forecastsHangs`).
final class HangForecast: Sendable {
  /// How many times the predicted time a trial may take.
  static let slack = 50.0
  /// The shortest forecast, in seconds: a subject's check may wait for late callbacks (a
  /// run loop's timers) for up to 2 s with none arriving.
  static let floor = 2.0

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
    guard Self.forecasts(spec), let cost = costs.withLock({ $0[Self.key(spec)] })
    else { return timeout }
    let perThread = Double(spec.bound.opsPerThread ?? Trial.sanityOps)
    let sanity = Double(min(Trial.sanityOps, spec.bound.opsPerThread ?? Trial.sanityOps))
    let work = Self.slack * cost * (sanity + perThread * Double(spec.threads))
    let timed = (spec.bound.seconds ?? 0) + (spec.tuning.burst > 0 ? Tuning.burstSeconds : 0)
    return min(timeout, max(Self.floor, work + timed))
  }

  /// Unprotected stress trials only.
  private static func forecasts(_ spec: TrialSpec) -> Bool {
    spec.wrapper == Unprotected.info.id && spec.strategy == nil
  }

  private static func key(_ spec: TrialSpec) -> String {
    "\(spec.subject) \(spec.wrapper) \(spec.driver.rawValue)"
  }
}
