import StressKitCore
import StressKitEngine

extension Cell {
  /// A trial of the run's positive control at `threads` threads, writes only; under a random
  /// strategy, the scheduled control explored with it (see `ScheduledPositiveControl`).
  package static func control(threads: Int, strategy: ScheduleStrategy? = nil) -> Cell {
    guard let strategy else {
      return Cell(
        subject: PositiveControl.info.id, wrapper: Unprotected.info.id, threads: threads,
        readRatio: 0, documented: PositiveControl.info.documented, isProtected: false)
    }
    let info = ScheduledPositiveControl.info
    var cell = Cell(
      subject: info.id, wrapper: Unprotected.info.id, threads: threads,
      readRatio: info.defaultReadRatio, documented: info.documented, isProtected: false)
    cell.strategy = strategy
    return cell
  }

  /// Whether this is the run's positive control, not a cell of the plan.
  package var isControl: Bool {
    subject == PositiveControl.info.id || subject == ScheduledPositiveControl.info.id
  }
}
