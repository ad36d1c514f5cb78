/// Where a run writes, as the user named it (`RunSession`).
package struct RunOutputs: Sendable {
  /// The trial CSV; nil: a fresh name under `Results/`.
  package var out: String?
  /// The per-cell summary CSV; nil: beside the trial CSV.
  package var summaryOut: String?
  package var junit: String?
  /// Go on with `out`, an interrupted run's file.
  package var resume = false

  package init(
    out: String? = nil, summaryOut: String? = nil, junit: String? = nil, resume: Bool = false
  ) {
    self.out = out
    self.summaryOut = summaryOut
    self.junit = junit
    self.resume = resume
  }
}
