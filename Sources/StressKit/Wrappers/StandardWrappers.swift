/// The wrappers every catalog starts with, in the order they are listed and run.
public enum StandardWrappers {
  /// The thread-driven wrappers every catalog starts with, in listing order.
  public static let all: [any Wrapper.Type] = [
    Unprotected.self, LockWrapper.self, SerialQueueWrapper.self, RWBarrierWrapper.self,
    MutexWrapper.self, RWLockWrapper.self, SemaphoreWrapper.self, RecursiveLockWrapper.self,
    ConditionWrapper.self,
  ]

  /// Wrappers driven by tasks.
  public static let tasks: [any AsyncWrapper.Type] = [ActorWrapper.self]
}
