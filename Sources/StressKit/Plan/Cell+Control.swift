extension Cell {
  /// A trial of the run's positive control at `threads` threads, writes only.
  package static func control(threads: Int) -> Cell {
    Cell(
      subject: PositiveControl.info.id, wrapper: Unprotected.info.id, threads: threads,
      readRatio: 0, documented: PositiveControl.info.documented, isProtected: false)
  }

  /// Whether this is the run's positive control, not a cell of the plan.
  package var isControl: Bool { subject == PositiveControl.info.id }
}
