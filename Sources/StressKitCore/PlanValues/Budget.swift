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
  /// Wall-clock seconds the whole run may take (`--time-budget`): trials are then planned
  /// adaptively, every cell getting at least `minTrials`.
  package var timeBudget: Double?
  /// The trials every cell gets under a time budget, 2 unless set.
  package var minTrials: Int?
  /// With `ops`: seconds after which a protected cell's trial stops even if its operations are
  /// not done, so a slow wrapper (a serial queue at 8 threads) cannot stretch a quick run.
  package var cap: Double?

  package init(
    trials: Int? = nil, ops: Int? = nil, seconds: Double? = nil, timeout: Double? = nil,
    warmup: Int? = nil, timeBudget: Double? = nil, minTrials: Int? = nil, cap: Double? = nil
  ) {
    self.cap = cap
    self.warmup = warmup
    self.timeBudget = timeBudget
    self.minTrials = minTrials
    self.trials = trials
    self.ops = ops
    self.seconds = seconds
    self.timeout = timeout
  }

  /// This budget, with what it leaves unset taken from `fallback`. An explicit `ops` or
  /// `seconds` replaces the other kind of bound, and the fallback's cap with it.
  package func over(_ fallback: Budget) -> Budget {
    let bounded = ops != nil || seconds != nil
    return Budget(
      trials: trials ?? fallback.trials,
      ops: bounded ? ops : fallback.ops,
      seconds: bounded ? seconds : fallback.seconds,
      timeout: timeout ?? fallback.timeout, warmup: warmup ?? fallback.warmup,
      timeBudget: timeBudget ?? fallback.timeBudget, minTrials: minTrials ?? fallback.minTrials,
      cap: cap ?? (bounded ? nil : fallback.cap))
  }
}

// MARK: - Bounds

extension Budget {
  /// One field's bounds, the same whether it comes from the command line or a suite file, so
  /// both refuse the same values with the same words.
  package enum Field: String, Sendable, CaseIterable {
    case trials, ops, seconds, timeout, warmup
    case timeBudget = "time_budget"
    case minTrials = "min_trials"
    case cap

    /// The whole-number fields' ranges.
    package var wholeRange: ClosedRange<Int>? {
      switch self {
      case .trials, .minTrials: 1...1_000_000
      case .ops: 1...Int(UInt32.max)
      case .warmup: 0...1_000
      case .seconds, .timeout, .timeBudget, .cap: nil
      }
    }

    /// What a valid value looks like, for messages: "a whole number from 1 to 1000000".
    package var expected: String {
      if let range = wholeRange {
        return "a whole number from \(range.lowerBound) to \(range.upperBound)"
      }
      if self == .timeBudget {
        return "a duration such as 90s, 20m or 1h (at most \(Int(Suite.maxSeconds / 3600))h)"
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

// MARK: - Durations

extension Budget {
  /// "90s", "20m", "1h", "1h30m" or a bare number of seconds, as seconds; nil for anything
  /// else (no unit twice, no negative part, nothing after the last unit).
  package static func duration(_ text: String) -> Double? {
    if let seconds = Double(text) { return seconds.isFinite ? seconds : nil }
    var total = 0.0
    var number = ""
    var units: Set<Character> = []
    for character in text {
      if character.isNumber || character == "." {
        number.append(character)
        continue
      }
      let scale: Double
      switch character {
      case "s": scale = 1
      case "m": scale = 60
      case "h": scale = 3600
      default: return nil
      }
      guard let x = Double(number), units.insert(character).inserted else { return nil }
      total += x * scale
      number = ""
    }
    return number.isEmpty && !units.isEmpty ? total : nil
  }

  /// 95 -> "1m35s", 0.4 -> "0.4s", 0.04 -> "0.04s", 7200 -> "2h00m": a duration as a person
  /// reads it, never a positive one shown as 0.
  package static func durationText(_ seconds: Double) -> String {
    if seconds > 0 && seconds < 0.1 { return String(format: "%.2gs", seconds) }
    if seconds < 10 && seconds != seconds.rounded() { return String(format: "%.1fs", seconds) }
    let s = Int(seconds.rounded())
    switch s {
    case ..<60: return "\(s)s"
    case ..<3600: return "\(s / 60)m\(String(format: "%02d", s % 60))s"
    default: return "\(s / 3600)h\(String(format: "%02d", s % 3600 / 60))m"
    }
  }
}
