import Foundation

/// Where a trial's threads post their tallies when they finish.
///
/// An `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: on Linux, Mutex is built
/// on futex(2), which ThreadSanitizer does not model, and the engine's own state must stay
/// checkable by `scripts/sanitize.sh`.
@usableFromInline
final class TallyBoard: @unchecked Sendable {
  private let lock = NSLock()
  private var tallies: [Tally]

  @usableFromInline
  init(threads: Int) {
    tallies = Array(repeating: Tally(), count: threads)
  }

  @usableFromInline
  func post(_ tally: Tally, thread: Int) {
    lock.withLock { tallies[thread] = tally }
  }

  @usableFromInline
  var all: [Tally] {
    lock.withLock { tallies }
  }
}
