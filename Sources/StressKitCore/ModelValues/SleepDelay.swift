/// A `Task.sleep`'s delay as the executors that hold sleeps on virtual time count it
/// (`InlineExecutor`, and the controlled scheduler's task executor).
package enum SleepDelay {
  /// The delay a sleep handed over with `after:`, exact. A clock whose durations are not
  /// `Duration`s (none of the standard library's) sleeps no time.
  package static func after<D>(_ delay: D) -> Duration {
    max(.zero, delay as? Duration ?? .zero)
  }

  /// The delay of a sleep handed over with `at:`, a deadline on the real clock read when the
  /// sleep began: its distance from now, to the millisecond. The exact distance falls short of
  /// the delay asked by the moment between the two readings, which differs from run to run,
  /// and would change the trace and the order of equal sleeps.
  package static func until<C: Clock>(_ instant: C.Instant, on clock: C) -> Duration {
    guard let distance = clock.now.duration(to: instant) as? Duration else { return .zero }
    return .milliseconds(max(0, (distance / .milliseconds(1)).rounded()))
  }
}
