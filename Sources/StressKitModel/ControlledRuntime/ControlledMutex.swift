import StressKitCore

/// Mutual exclusion under the controlled scheduler: an owner and the threads waiting for it.
/// The state of a `ScheduledLock`, of a serial `ScheduledQueue`'s `sync`, and of a
/// `ScheduledCondition`'s own lock.
package final class ControlledMutex: ControlledLockable {
  /// The thread holding it.
  package private(set) var owner: Int?
  private var waiters: [Int] = []
  /// What its last owner had seen when it let it go: the next owner's acquire.
  private var clock: [Int] = []

  package init() {}

  package var mutex: ControlledMutex { self }

  package func holds(_ thread: Int) -> Bool { owner == thread }

  package func waiting(_ thread: Int) -> ControlledWait? {
    waiters.contains(thread) ? ControlledWait(holder: owner) : nil
  }

  /// `me` takes it, giving way while another thread holds it.
  package func acquire(_ me: Int, on scheduler: ControlledScheduler) {
    while owner != nil {
      waiters.append(me)
      scheduler.block(me)
    }
    owner = me
    scheduler.causality.acquire(me, clock)
  }

  /// Its owner lets it go: every thread waiting for it can run again, and races to take it.
  package func release(on scheduler: ControlledScheduler) {
    if let owner { scheduler.causality.release(owner, into: &clock) }
    owner = nil
    for thread in waiters { scheduler.wake(thread) }
    waiters.removeAll(keepingCapacity: true)
  }
}

/// The state of a primitive that is, or holds, a lock: `Seat.lock` and `Seat.unlock` take it.
package protocol ControlledLockable: ControlledState {
  var mutex: ControlledMutex { get }
}

extension ControlledScheduler.Seat {
  /// `object`, a lock of kind `kind` (or a primitive holding one) whose state is `State`,
  /// taken under the scheduler: a point, then the lock, waiting while another thread holds it.
  package func lock<State: ControlledLockable>(
    _ object: AnyObject, _ kind: String, _ name: String?, as: State.Type
  ) {
    scheduler.point(thread)
    let (state, number) = scheduler.state(object, kind, name, as: State.self)
    state.mutex.acquire(thread, on: scheduler)
    scheduler.record(thread, number, .call("lock"))
  }

  /// Takes it if no thread holds it, after a point: whether it did. It never waits.
  package func tryLock<State: ControlledLockable>(
    _ object: AnyObject, _ kind: String, _ name: String?, as: State.Type
  ) -> Bool {
    scheduler.point(thread)
    let (state, number) = scheduler.state(object, kind, name, as: State.self)
    guard state.mutex.owner == nil else {
      scheduler.record(thread, number, .method("tryLock", result: ModelValue(false)))
      return false
    }
    state.mutex.acquire(thread, on: scheduler)
    scheduler.record(thread, number, .call("lock"))
    return true
  }

  /// Releases it. No point before it: while the lock is held, a thread that would run instead
  /// could only wait for it or do what the next point lets it do anyway.
  package func unlock<State: ControlledLockable>(
    _ object: AnyObject, _ kind: String, _ name: String?, as: State.Type
  ) {
    let (state, number) = scheduler.state(object, kind, name, as: State.self)
    scheduler.record(thread, number, .call("unlock"))
    if let owner = state.mutex.owner, owner != thread {
      scheduler.misuse(thread, number, "unlocks it while thread \(owner + 1) holds it")
    } else if state.mutex.owner == nil {
      scheduler.misuse(thread, number, "unlocks it while no thread holds it")
    }
    state.mutex.release(on: scheduler)
  }
}
