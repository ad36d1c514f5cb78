import StressKitCore

/// A controlled schedule's clock for `Task.sleep`: each sleep's wake-up job is held until its
/// deadline, and time moves only when no thread can go on, to the earliest deadline, whose job
/// goes back to the call that slept. A test that sleeps 60 seconds takes none, and sleeps end
/// in the order of their deadlines (ties in the order they began), as on a real clock. A timed
/// wait at a primitive (`ScheduledSemaphore`) is not on this clock: its time runs out where
/// the strategy chooses.
final class VirtualClock: ControlledState {
  /// What the scheduler files the clock under: one clock a schedule, made at its first sleep.
  static let key = Key()
  final class Key: Sendable {}

  struct Sleep {
    var deadline: Duration
    /// The sleep's wake-up job, which resumes the task that slept.
    var job: UnownedJob
    var executor: ControlledTaskExecutor
    /// What the sleeper had done by then: its sleep happens before its wake.
    var clock: [Int]
  }

  private(set) var now: Duration = .zero
  private var sleeps: [Sleep] = []

  init() {}

  func holds(_ thread: Int) -> Bool { false }

  func waiting(_ thread: Int) -> ControlledWait? { nil }

  var isPending: Bool { !sleeps.isEmpty }

  /// A sleep of `delay` from now.
  func add(
    _ job: UnownedJob, after delay: Duration, to executor: ControlledTaskExecutor, clock: [Int]
  ) {
    let deadline = now + max(.zero, delay)
    sleeps.append(Sleep(deadline: deadline, job: job, executor: executor, clock: clock))
  }

  /// The sleep that ends first, the clock moved to its deadline; nil if none is pending.
  func next() -> Sleep? {
    // `min(by:)` keeps the first of equal deadlines: ties end in the order they began.
    guard let first = sleeps.indices.min(by: { sleeps[$0].deadline < sleeps[$1].deadline })
    else { return nil }
    let sleep = sleeps.remove(at: first)
    now = max(now, sleep.deadline)
    return sleep
  }
}
