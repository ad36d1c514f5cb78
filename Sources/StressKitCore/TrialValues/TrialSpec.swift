/// Everything a worker needs to run one trial.
@usableFromInline
package struct TrialSpec: Sendable, Codable, Equatable {
  @usableFromInline
  package var subject: String
  @usableFromInline
  package var wrapper: String
  @usableFromInline
  package var threads: Int
  @usableFromInline
  package var readRatio: Double
  @usableFromInline
  package var bound: Bound
  @usableFromInline
  package var seed: UInt64
  /// Asymmetric roles: threads `0..<readers` only read, the others only write. nil: every
  /// thread mixes reads and writes by `readRatio`.
  @usableFromInline
  package var readers: Int?
  @usableFromInline
  package var tuning: Tuning
  @usableFromInline
  package var driver: Driver
  /// A count-bound trial that is also stopped this many seconds after its release (the
  /// detection burst, whose cost must stay small whatever the wrapper); nil: no deadline.
  @usableFromInline
  package var deadline: Double?
  /// A model test's trial under the controlled scheduler: the strategy's argument form
  /// (`ScheduleStrategy.argument`); nil: a stress trial.
  @usableFromInline
  package var strategy: ScheduleStrategy?
  /// What becomes of the single-threaded sanity pass; nil: it runs before the trial.
  @usableFromInline
  package var sanity: Sanity?
  /// A focused trial's one (call, edge value) pair (`TrialShape.focus`); nil: a mixed trial.
  @usableFromInline
  package var focus: Focus?

  /// The sanity pass classifies failures: one that fails alone is a broken subject, not a
  /// finding. The runner skips it once the subject and wrapper passed a trial in the worker,
  /// and asks for it alone, in a fresh worker, only when such a trial fails (`Scheduler`).
  @usableFromInline
  package enum Sanity: String, Sendable, Codable {
    /// The worker passed this subject and wrapper already: the trial runs at once.
    case skipped
    /// Only the sanity pass runs: `ok` or the broken subject's `error`.
    case only
  }

  @usableFromInline
  package init(
    subject: String, wrapper: String, threads: Int, readRatio: Double, bound: Bound, seed: UInt64,
    readers: Int? = nil, tuning: Tuning = .none, driver: Driver = .threads,
    strategy: ScheduleStrategy? = nil
  ) {
    self.strategy = strategy
    self.driver = driver
    self.readers = readers
    self.tuning = tuning
    self.subject = subject
    self.wrapper = wrapper
    self.threads = threads
    self.readRatio = readRatio
    self.bound = bound
    self.seed = seed
  }
}

extension TrialSpec {
  /// The detection burst that precedes this trial's measured loop, or nil where there is none:
  /// it is off, the trial has one thread (no race to provoke), its driver is not the threads
  /// driver, the subject's state is the process's (a fresh process per trial), or the wrapper
  /// is `protected`: one wrapper guards all of a burst's instances, so it would only serialize
  /// them, and what a protected cell answers (its throughput, that it stays correct) is the
  /// measured loop's.
  @inlinable
  package func burst(freshProcess: Bool, protected: Bool) -> TrialSpec? {
    guard tuning.burst > 0, threads >= 2, driver == .threads, !freshProcess, !protected else {
      return nil
    }
    var burst = self
    burst.bound = .ops(tuning.burst * Tuning.burstOps)
    burst.tuning = Tuning(pin: tuning.pin, instances: tuning.burst)
    burst.deadline = Tuning.burstSeconds
    // Its own stream, so the measured loop's operations stay those of the seed.
    burst.seed = seed ^ 0x9E37_79B9_7F4A_7C15
    return burst
  }
}
