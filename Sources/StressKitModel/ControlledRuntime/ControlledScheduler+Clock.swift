import StressKitCore

extension ControlledScheduler {
  /// No thread can go on: the earliest pending sleep ends (the virtual clock moves to its
  /// deadline) and its task's thread may run; the thread to run then. Nil if no sleep is
  /// pending: a deadlock. A sleep whose call already returned (cancelled) is dropped.
  func pickOnceASleepEnds() -> Int? {
    guard let (clock, number) = stateIfUsed(VirtualClock.key, as: VirtualClock.self) else {
      return nil
    }
    while let due = clock.next() {
      guard due.executor.wakeUp(due.job, due.clock) else { continue }
      record(due.executor.thread, number, .method("reaches", ModelValue(due.deadline)))
      if let next = pick(current: nil) { return next }
    }
    return nil
  }

  /// Whether a sleep waits on the virtual clock: then no thread going on is not a deadlock.
  var sleepPending: Bool {
    stateIfUsed(VirtualClock.key, as: VirtualClock.self)?.state.isPending ?? false
  }
}
