import StressPlatform
import Synchronization

/// Where the threads of a strided trial (or of a burst's instances, or of a model test's
/// invocations) meet. With a core per thread, waiters poll without yielding, so all leave
/// within a cache miss of the last arrival and collide in the few operations that follow; a
/// waiter that yielded could hand its core to another process for a whole time slice. With
/// more threads than cores, waiting yields at once: spinning would starve the very threads
/// awaited.
///
/// A machine busy with other processes is oversubscribed too, though no thread count says so:
/// a waiter that spins out its patience while the thread it waits for has no core burns a
/// whole time slice per meeting (a model test ran 30,000 invocations a second alone and 300
/// beside three others). So each thread keeps its own patience and adapts it: a wait that had
/// to yield cuts it, a wait that ended while polling restores it.
@usableFromInline
final class Checkpoint: Sendable {
  private let parties: Int
  /// Polls between yields, at most: a thread's patience at first.
  @usableFromInline
  let patience: Int
  private let arrivals = Atomic<Int>(0)

  @usableFromInline
  init(parties: Int) {
    self.parties = parties
    patience = parties <= Platform.processorCount ? 100_000 : 1
  }

  /// Arrives at checkpoint `round` (1, 2, ...) and waits for every thread to get there, or for
  /// the trial to be stopped. `patience` is the calling thread's own, starting at the
  /// checkpoint's, and adapted here.
  @usableFromInline
  func meet(round: Int, gate: StartGate, patience: inout Int) {
    arrivals.add(1, ordering: .acquiringAndReleasing)
    let everyone = parties * round
    var polls = 0
    var yielded = false
    while arrivals.load(ordering: .acquiring) < everyone && !gate.isStopped {
      polls += 1
      if polls >= patience {
        polls = 0
        yielded = true
        Platform.yield()
      }
    }
    patience = adapted(patience, waited: polls > 0 || yielded, yielded: yielded)
  }

  /// A thread's patience after a wait: cut to an eighth when it had to yield (the awaited
  /// thread had no core), doubled back towards the checkpoint's when polling was enough, kept
  /// when the thread arrived last and did not wait.
  @usableFromInline
  func adapted(_ patience: Int, waited: Bool, yielded: Bool) -> Int {
    if yielded { return max(1, patience / 8) }
    return waited ? min(self.patience, patience * 2) : patience
  }
}
