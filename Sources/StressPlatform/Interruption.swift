import Synchronization

/// A request to stop a run early (SIGINT, SIGTERM), set from any thread, seen by the scheduler
/// between trials and by a waiting worker within 100 ms.
package final class Interruption: Sendable {
  private let signal = Atomic<Int32>(0)

  /// An interruption no one has asked for yet.
  package init() {}

  /// The process's own: SIGINT and SIGTERM land here once `Platform.recordInterrupts` ran.
  package static let process = Interruption()

  /// Asks to stop, naming the signal; the first request wins.
  package func request(_ signal: Int32) {
    _ = self.signal.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
  }

  /// The signal that asked to stop, if one did.
  package var requested: Int32? {
    let value = signal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}
