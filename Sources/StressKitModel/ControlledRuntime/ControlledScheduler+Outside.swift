extension ControlledScheduler {
  /// A primitive of a live schedule: its scheduler and its number in the trace.
  struct Owner: Sendable {
    let scheduler: ControlledScheduler
    let number: Int
  }

  /// Which live schedule each primitive belongs to, by identity: how a thread that is none of
  /// a scheduler's own learns that a primitive it uses is under a schedule's control. Written
  /// at a primitive's first use in a schedule and when the schedule ends; read only by such
  /// threads. Explorations run side by side in one process (tests do), so a primitive is
  /// blamed only on the schedule that used it. An `NSLock` (`LockedValue`), which
  /// ThreadSanitizer sees, not a `Mutex`.
  static let owners = LockedValue<[ObjectIdentifier: Owner]>([:])

  /// The words of a primitive used from outside the schedule.
  static let outsideWords =
    "used from a thread the scheduler does not control (one the code under test started "
    + "itself, or work that escaped control), where the primitive neither excludes nor orders "
    + "anything"

  /// The calling thread's seat; on a thread that is none of a scheduler's own, nil, after
  /// telling the live schedule that used `object`, if one did, that a thread outside it did.
  @inline(__always)
  package static func seat(using object: AnyObject) -> Seat? {
    if let seat = seat.value { return seat }
    usedOutside(object)
    return nil
  }

  private static func usedOutside(_ object: AnyObject) {
    // Under the lock: a schedule that has already let its primitives go (`disown`) is never
    // marked, so no mark outlives its schedule into the next.
    owners.withLock { owners in
      guard let owner = owners[ObjectIdentifier(object)] else { return }
      _ = owner.scheduler.outside.compareExchange(
        expected: -1, desired: owner.number, ordering: .relaxed)
    }
  }

  /// `object`, numbered `number`, is this schedule's until it ends.
  func own(_ object: AnyObject, _ number: Int) {
    let owner = Owner(scheduler: self, number: number)
    Self.owners.withLock { $0[ObjectIdentifier(object)] = owner }
  }

  /// This schedule's primitives are no longer under its control.
  func disown() {
    guard !numbers.isEmpty else { return }
    Self.owners.withLock { owners in
      for id in numbers.keys where owners[id]?.scheduler === self { owners[id] = nil }
    }
  }

  /// Every primitive owned by this scheduler, whatever its schedules left (one abandoned).
  func disownAll() {
    Self.owners.withLock { $0 = $0.filter { $0.value.scheduler !== self } }
  }

  /// The schedule's failure if a thread outside it used one of its primitives, or nil.
  var usedOutside: Failure? {
    let number = outside.load(ordering: .relaxed)
    guard number >= 0 else { return nil }
    return .misuse(thread: -1, operation: -1, primitive: number, what: Self.outsideWords)
  }
}
