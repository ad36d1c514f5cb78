import StressKitCore

/// The positive control of a run under a random strategy (`--strategy random-walk` or `pct`):
/// a counter whose increment loads, then stores, a scheduled atomic, explored by the run's
/// strategy with the run's budget after the cells. A stress control's lost increments would
/// measure the machine's timing, which a controlled run does not depend on; this one measures
/// what does: whether the strategy and its number of schedules find a bug of depth 1 among
/// the cell's threads. A bounded exhaustive search has none: it is deterministic, and its
/// bound is its power.
package enum ScheduledPositiveControl: ModelTest {
  package static let info = SubjectInfo(
    id: "positive-control-scheduled",
    summary: "the positive control under a random strategy: a scheduled atomic's load, then store",
    documented: .unsafe, traits: [.hidden])
  package static func make() -> SelfTestLoadStoreCounter { SelfTestLoadStoreCounter() }
  /// The lost-update self-test's own operations: the control is that bug, under its own id.
  package static var operations: [ModelOperation<SelfTestLoadStoreCounter>] {
    SelfTestScheduledLostUpdate.operations
  }
}
