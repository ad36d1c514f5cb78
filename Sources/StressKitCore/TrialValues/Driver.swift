/// How a trial's operations are issued. Recorded per row, so results from different drivers
/// are never compared unawares.
@usableFromInline
package enum Driver: String, Sendable, Codable, CaseIterable {
  /// N dedicated threads released together by a start barrier (the default).
  case threads
  /// The tutorials' way: `DispatchQueue.concurrentPerform` over threads x ops writes, then a
  /// count. No barrier, no reads; kept as the baseline the threads driver must beat.
  case dispatchApply = "dispatch-apply"
  /// N tasks in a task group awaiting an `AsyncWrapper` (the actor): no start barrier, no
  /// dedicated threads; chosen by the wrapper, not by `--driver`.
  case tasks
}
