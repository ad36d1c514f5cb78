/// An atomic's state under the controlled scheduler: what the threads that wrote it had seen.
/// Exploration assumes sequential consistency, so every access acquires it, and a write also
/// releases into it: a load that sees a store is ordered after it.
package final class ControlledAtomic: ControlledState {
  private var clock: [Int] = []

  package init() {}

  package func holds(_ thread: Int) -> Bool { false }
  package func waiting(_ thread: Int) -> ControlledWait? { nil }

  /// `me` accessed the atomic `object` (named `name`), writing or not: its number in the
  /// trace. Its state is made only while the schedule keeps clocks: otherwise an atomic needs
  /// none, and nearly every schedule of a type without `Shared` cells is spared it.
  package static func accessed(
    _ object: AnyObject, _ name: String?, by me: Int, writes: Bool,
    on scheduler: ControlledScheduler
  ) -> Int {
    guard scheduler.causality.tracking else { return scheduler.number(object, "atomic", name) }
    let (state, number) = scheduler.state(object, "atomic", name, as: ControlledAtomic.self)
    scheduler.causality.acquire(me, state.clock)
    if writes { scheduler.causality.release(me, into: &state.clock) }
    return number
  }
}
