/// An atomic's state under the controlled scheduler: what the threads that wrote it had seen.
/// Exploration assumes sequential consistency, so every access acquires it, and a write also
/// releases into it: a load that sees a store is ordered after it.
package final class ControlledAtomic: ControlledState {
  private var clock: [Int] = []

  package init() {}

  package func holds(_ thread: Int) -> Bool { false }
  package func waiting(_ thread: Int) -> ControlledWait? { nil }

  /// `me` accessed it, writing or not.
  package func access(_ me: Int, writes: Bool, on scheduler: ControlledScheduler) {
    scheduler.causality.acquire(me, clock)
    if writes { scheduler.causality.release(me, into: &clock) }
  }
}
