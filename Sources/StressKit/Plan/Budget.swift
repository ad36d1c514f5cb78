/// How much work each cell gets. Every field is optional so a suite or the command line can
/// set just the parts it cares about; `Plan` fills the rest from the mode's preset.
public struct Budget: Sendable, Equatable {
  public var trials: Int?
  /// Operations per thread per trial.
  public var ops: Int?
  /// Seconds per trial (instead of `ops`).
  public var seconds: Double?
  /// Seconds a trial may take before it is declared a hang.
  public var timeout: Double?
  /// Trials per cell run first and discarded, so the measured ones find a warm process.
  public var warmup: Int?

  public init(
    trials: Int? = nil, ops: Int? = nil, seconds: Double? = nil, timeout: Double? = nil,
    warmup: Int? = nil
  ) {
    self.warmup = warmup
    self.trials = trials
    self.ops = ops
    self.seconds = seconds
    self.timeout = timeout
  }

  /// This budget, with what it leaves unset taken from `fallback`. An explicit `ops` or
  /// `seconds` replaces the other kind of bound.
  public func over(_ fallback: Budget) -> Budget {
    let bounded = ops != nil || seconds != nil
    return Budget(
      trials: trials ?? fallback.trials,
      ops: bounded ? ops : fallback.ops,
      seconds: bounded ? seconds : fallback.seconds,
      timeout: timeout ?? fallback.timeout, warmup: warmup ?? fallback.warmup)
  }
}
