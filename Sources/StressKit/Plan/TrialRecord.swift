/// One finished trial of one cell: what the sinks write.
public struct TrialRecord: Sendable, Equatable {
  public var cell: Cell
  /// 0-based index of the trial within its cell.
  public var trial: Int
  /// The trial's seed: `--seed` with this value and `--trials 1` replays its operation streams.
  public var seed: UInt64
  public var result: TrialResult

  public init(cell: Cell, trial: Int, seed: UInt64, result: TrialResult) {
    self.cell = cell
    self.trial = trial
    self.seed = seed
    self.result = result
  }

  /// A failure that fails the run: a protected wrapper that did not stay correct, or a broken
  /// subject or harness. Unprotected failures are findings.
  public var isHarnessFault: Bool { result.harnessFault }

  public var failsRun: Bool {
    result.outcome == .error || (cell.isProtected && result.outcome != .ok)
  }
}
