import Synchronization

/// Where the threads of a strided trial (or of a burst's instances) meet. With a core per
/// thread, waiters poll without yielding, so all leave within a cache miss of the last arrival
/// and collide in the few operations that follow; a waiter that yielded could hand its core to
/// another process for a whole time slice. With more threads than cores, waiting yields at
/// once: spinning would starve the very threads awaited.
@usableFromInline
final class Checkpoint: Sendable {
  private let parties: Int
  /// Polls between yields.
  private let patience: Int
  private let arrivals = Atomic<Int>(0)

  @usableFromInline
  init(parties: Int) {
    self.parties = parties
    patience = parties <= Platform.processorCount ? 100_000 : 1
  }

  /// Arrives at checkpoint `round` (1, 2, ...) and waits for every thread to get there, or for
  /// the trial to be stopped.
  @usableFromInline
  func meet(round: Int, gate: StartGate) {
    arrivals.add(1, ordering: .acquiringAndReleasing)
    let everyone = parties * round
    var polls = 0
    while arrivals.load(ordering: .acquiring) < everyone && !gate.isStopped {
      polls += 1
      if polls >= patience {
        polls = 0
        Platform.yield()
      }
    }
  }
}
