/// A `Shared` cell's accesses in one schedule: its last write and each thread's last read
/// since, against which every new access is checked (FastTrack's shadow state, kept whole).
final class SharedState: ControlledState {
  private var lastWrite: Causality.Access?
  private var reads: [Causality.Access] = []

  init() {}

  func holds(_ thread: Int) -> Bool { false }
  func waiting(_ thread: Int) -> ControlledWait? { nil }

  /// `me` reads or writes the cell numbered `cell` at step `step`: a race if an earlier access
  /// that conflicts with it (one of the two a write) did not happen before it.
  func access(
    _ me: Int, writes: Bool, step: Int, cell: Int, _ causality: inout Causality
  ) {
    // A cell first made inside this schedule's operations: clocks are kept from the next one.
    guard causality.tracking else { return }
    let now = causality.access(me, writes: writes, step: step)
    let conflicting = writes ? reads + [lastWrite].compactMap { $0 } : [lastWrite].compactMap { $0 }
    for earlier in conflicting where !causality.ordered(earlier, before: me) {
      causality.note(Causality.Race(cell: cell, first: earlier, second: now))
    }
    if writes {
      lastWrite = now
      reads.removeAll(keepingCapacity: true)
    } else {
      reads.removeAll { $0.thread == me }
      reads.append(now)
    }
  }
}
