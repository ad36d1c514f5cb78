/// The wrappers every catalog starts with, in the order they are listed and run.
///
/// They are chosen by value: `ModelTest.check(wrapper: StandardWrappers.lock)`. Their types are
/// the engine's, so that the surface a package learns is the `Wrapper` protocol and this list.
public enum StandardWrappers {
  /// No protection: the question is whether the subject is safe on its own.
  public static let unprotected: any Wrapper.Type = Unprotected.self
  /// An `NSLock` around every operation.
  public static let lock: any Wrapper.Type = LockWrapper.self
  /// Every operation `sync` on one serial `DispatchQueue`.
  public static let serialQueue: any Wrapper.Type = SerialQueueWrapper.self
  /// A concurrent `DispatchQueue`: reads `sync`, writes as `async` barriers.
  public static let rwBarrier: any Wrapper.Type = RWBarrierWrapper.self
  /// A `Synchronization.Mutex` around every operation.
  public static let mutex: any Wrapper.Type = MutexWrapper.self
  /// A `pthread_rwlock_t`: shared reads, exclusive writes.
  public static let rwLock: any Wrapper.Type = RWLockWrapper.self
  /// A `DispatchSemaphore` of one around every operation.
  public static let semaphore: any Wrapper.Type = SemaphoreWrapper.self
  /// An `NSRecursiveLock` around every operation.
  public static let recursiveLock: any Wrapper.Type = RecursiveLockWrapper.self
  /// An `NSCondition` used as a lock around every operation.
  public static let condition: any Wrapper.Type = ConditionWrapper.self
  /// An actor: every operation an isolated method, awaited by tasks.
  public static let actor: any AsyncWrapper.Type = ActorWrapper.self

  /// The thread-driven wrappers every catalog starts with, in listing order.
  public static let all: [any Wrapper.Type] = [
    unprotected, lock, serialQueue, rwBarrier, mutex, rwLock, semaphore, recursiveLock, condition,
  ]

  /// Wrappers driven by tasks.
  public static let tasks: [any AsyncWrapper.Type] = [actor]

  /// How a call names `wrapper` in Swift: its name here if it is a standard one, else its type.
  package static func expression(for wrapper: any Wrapper.Type) -> String {
    let named: [(String, any Wrapper.Type)] = [
      ("unprotected", unprotected), ("lock", lock), ("serialQueue", serialQueue),
      ("rwBarrier", rwBarrier), ("mutex", mutex), ("rwLock", rwLock), ("semaphore", semaphore),
      ("recursiveLock", recursiveLock), ("condition", condition),
    ]
    guard let name = named.first(where: { $0.1 == wrapper })?.0 else { return "\(wrapper).self" }
    return "StandardWrappers.\(name)"
  }
}
