/// A scheduled primitive's state in one schedule: who owns it, who waits, what it holds
/// queued (shuttle's way: each primitive keeps its own state, and the scheduler knows only
/// who may run).
///
/// The scheduler makes one at the primitive's first use in a schedule and drops it when the
/// schedule ends, so every schedule starts from a fresh one. It keeps the state but never reads
/// into it, except to ask, when no thread can go on, what each thread holds and waits for.
package protocol ControlledState: AnyObject {
  /// A primitive's state before any thread used it.
  init()
  /// Whether `thread` holds this primitive (a lock it took): a deadlock's report lists it.
  func holds(_ thread: Int) -> Bool
  /// What `thread` waits for here, or nil if it does not wait on this primitive.
  func waiting(_ thread: Int) -> ControlledWait?
}

/// What a blocked thread waits for at a primitive: its release by `holder`, or an event
/// (`until`, such as "a signal") that only another thread makes.
package struct ControlledWait: Sendable, Equatable, Codable {
  /// The thread holding the primitive, where one does.
  package var holder: Int?
  /// The event the thread waits for, where it waits for one rather than for a release.
  package var until: String?

  package init(holder: Int? = nil, until: String? = nil) {
    self.holder = holder
    self.until = until
  }
}
