/// One finished trial of one cell: what the sinks write.
package struct TrialRecord: Sendable, Equatable {
  package var cell: Cell
  /// 0-based index of the trial within its cell.
  package var trial: Int
  /// The trial's seed: `--seed` with this value and `--trials 1` replays its operation streams.
  package var seed: UInt64
  package var result: TrialResult
  /// The (call, edge value) pair a focused trial made on every thread
  /// (`FocusAxes.label`); nil: a mixed trial.
  package var focus: String?

  /// Trial `trial` of `cell`, focused as the cell's rotation says (`Cell.focus(forTrial:)`).
  package init(cell: Cell, trial: Int, seed: UInt64, result: TrialResult) {
    self.cell = cell
    self.trial = trial
    self.seed = seed
    self.result = result
    focus = cell.focusAxes.flatMap { axes in cell.focus(forTrial: trial).map(axes.label) }
  }

  /// A failure that fails the run: a protected wrapper that did not stay correct, a declared
  /// expectation broken, or a broken subject or harness. Other unprotected failures are
  /// findings.
  package var isHarnessFault: Bool { result.harnessFault }

  package var failsRun: Bool {
    result.outcome == .error
      || ((cell.isProtected || cell.expectation != nil) && result.outcome != .ok)
  }

  /// The declared expectation this trial broke, if it broke one (see `Expectation`).
  package var brokenExpectation: String? {
    result.outcome != .ok && result.outcome != .error ? cell.expectation : nil
  }
}
