extension TrialResult {
  /// What a trial counts towards in its subject's verdict: one row each of docs/reference.md's
  /// table "What a trial counts towards", which `RunDigest` follows and nothing else decides.
  package enum Standing: String, Sendable, CaseIterable {
    /// Corrupt, crashed or hung: the subject is unsafe.
    case failed
    /// `ok`, its whole budget run: counts towards the bound (where the run could see a race).
    case passed
    /// `ok`, a bounded search that reached its bound: counts, and its coverage is the claim.
    case searched
    /// `ok`, but stopped before its budget or its bound (a search cut short, an exploration
    /// stopped at the trial's deadline): claims nothing.
    case cutShort = "cut short"
    /// `ok`, but some of its histories' checks ran out of time: passes nothing.
    case unchecked
    /// `error`: the test fails alone, on one thread, or a replay diverged: passes nothing.
    case errored
  }

  /// This trial's row of the table.
  package var standing: Standing {
    switch outcome {
    case .corrupt, .crash, .hang: .failed
    case .error: .errored
    case .ok:
      leftUnchecked
        ? .unchecked
        : searchComplete == false ? .cutShort : searchComplete == true ? .searched : .passed
    }
  }

  /// Whether it checked what it ran (a failure, or a pass of its whole budget or bound): the
  /// trials a verdict's count rests on, and, when none failed, its bound.
  package var counts: Bool { standing == .failed || standing == .passed || standing == .searched }
}
