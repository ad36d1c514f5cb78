import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Cells whose every operation is a read, run under a wrapper that lets reads overlap
/// (rw-barrier, rwlock). Such a wrapper guards writes only, so those cells ran as bare as
/// under `unprotected`: a report must not let them pass for protected.
package struct SharedReads: Equatable {
  /// The read-sharing wrappers that ran read-only cells, in first-seen order.
  package var wrappers: [String]
  /// The subjects of those cells, in first-seen order.
  package var subjects: [String]

  /// Nil when no read-only cell ran under a wrapper in `sharing`.
  package init?(_ cells: [CellStatistics], sharing: Set<String>) {
    let bare = cells.map(\.cell).filter {
      !$0.isControl && $0.readRatio == 1 && sharing.contains($0.wrapper)
    }
    guard !bare.isEmpty else { return nil }
    wrappers = bare.groupedInOrder(by: \.wrapper).map(\.key)
    subjects = bare.groupedInOrder(by: \.subject).map(\.key)
  }
}
