import Synchronization

/// Where the threads of a strided trial meet every `stride` operations. Waiting yields the
/// core: on two cores with eight threads, spinning would starve the very threads awaited.
@usableFromInline
final class Checkpoint: Sendable {
  private let parties: Int
  private let arrivals = Atomic<Int>(0)

  @usableFromInline
  init(parties: Int) {
    self.parties = parties
  }

  /// Arrives at checkpoint `round` (1, 2, ...) and waits for every thread to get there, or for
  /// the trial to be stopped.
  @usableFromInline
  func meet(round: Int, gate: StartGate) {
    arrivals.add(1, ordering: .acquiringAndReleasing)
    while arrivals.load(ordering: .acquiring) < parties * round && !gate.isStopped {
      Platform.yield()
    }
  }
}
