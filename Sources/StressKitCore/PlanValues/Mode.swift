/// Budget presets: how long a run may take.
package enum Mode: String, Sendable, CaseIterable, Codable {
  /// A smoke test: the collections suite in about 7 s on a 2-core machine.
  case quick
  /// The everyday run: the collections suite in under 3 minutes on a 2-core machine. Bounded
  /// by time, so slow wrappers (a serial queue at 8 threads) cannot stretch the run.
  case `default`
  /// Long runs for rare races, at night.
  case tough

  /// The budget used when a suite does not set its own for this mode.
  package var preset: Budget {
    switch self {
    case .quick: Budget(trials: 2, ops: 1_000, timeout: 5, warmup: 0, cap: 0.005)
    case .default: Budget(trials: 5, seconds: 0.06, timeout: 10, warmup: 1)
    case .tough: Budget(trials: 20, seconds: 0.5, timeout: 30, warmup: 2)
    }
  }
}
