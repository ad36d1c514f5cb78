/// How much work each cell gets. Every field is optional so a suite or the command line can
/// set just the parts it cares about; `Plan` fills the rest from the mode's preset.
package struct Budget: Sendable, Equatable {
  package var trials: Int?
  /// Operations per thread per trial.
  package var ops: Int?
  /// Seconds per trial (instead of `ops`).
  package var seconds: Double?
  /// Seconds a trial may take before it is declared a hang.
  package var timeout: Double?
  /// Trials per cell run first and discarded, so the measured ones find a warm process.
  package var warmup: Int?

  package init(
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
  package func over(_ fallback: Budget) -> Budget {
    let bounded = ops != nil || seconds != nil
    return Budget(
      trials: trials ?? fallback.trials,
      ops: bounded ? ops : fallback.ops,
      seconds: bounded ? seconds : fallback.seconds,
      timeout: timeout ?? fallback.timeout, warmup: warmup ?? fallback.warmup)
  }
}

// MARK: - Bounds

extension Budget {
  /// One field's bounds, the same whether it comes from the command line or a suite file, so
  /// both refuse the same values with the same words.
  package enum Field: String, Sendable, CaseIterable {
    case trials, ops, seconds, timeout, warmup

    /// The whole-number fields' ranges.
    package var wholeRange: ClosedRange<Int>? {
      switch self {
      case .trials: 1...1_000_000
      case .ops: 1...Int(UInt32.max)
      case .warmup: 0...1_000
      case .seconds, .timeout: nil
      }
    }

    /// What a valid value looks like, for messages: "a whole number from 1 to 1000000".
    package var expected: String {
      if let range = wholeRange {
        return "a whole number from \(range.lowerBound) to \(range.upperBound)"
      }
      return "a number more than 0 and at most \(Int(Suite.maxSeconds))"
    }

    /// Whether `value` is in bounds (a whole number where the field needs one).
    package func accepts(_ value: Double) -> Bool {
      guard value.isFinite else { return false }
      if let range = wholeRange {
        return value == value.rounded() && Double(range.lowerBound) <= value
          && value <= Double(range.upperBound)
      }
      return value > 0 && value <= Suite.maxSeconds
    }
  }
}
