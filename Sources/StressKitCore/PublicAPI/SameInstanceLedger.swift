import Synchronization

/// The oracle for "every thread that asked for slot k was handed the same instance": a
/// singleton, a cache's get-or-create, a lazy property. Each slot is a fresh race (a new
/// singleton, a new key), so the first-access race happens once per slot, many times per
/// trial, as in jcstress. Each thread records what it was handed in a row of its own, so the
/// bookkeeping itself does not race.
public final class SameInstanceLedger: @unchecked Sendable {
  /// Slots per trial: one per operation of a thread, capped so the ledger stays under 4M
  /// entries.
  public let slots: Int
  private let threads: Int
  private let naming: String
  private let countsCreations: Bool
  private let seen: UnsafeMutablePointer<Int>
  private let created = Atomic<Int>(0)

  /// `naming` says what a slot is in messages ("singleton", "key"). With `countsCreations`,
  /// an instance created beyond one per slot is a violation too (a singleton); without, only
  /// threads handed different instances are (a cache may create and discard).
  public init(shape: TrialShape, naming: String, countsCreations: Bool) {
    threads = shape.threads
    self.naming = naming
    self.countsCreations = countsCreations
    slots = max(1, min(shape.opsPerThread ?? 4096, 1 << 16, (1 << 22) / max(1, shape.threads)))
    seen = .allocate(capacity: threads * slots)
    seen.initialize(repeating: 0, count: threads * slots)
  }

  deinit {
    seen.deallocate()
  }

  /// The identity of a new instance (1, 2, ...); every call counts as a creation.
  public func newInstance() -> Int {
    created.add(1, ordering: .relaxed).newValue
  }

  /// Thread `thread` was handed instance `id` for `slot` (`0..<slots`: take a step's
  /// sequence number modulo `slots`).
  public func record(thread: Int, slot: Int, id: Int) {
    precondition(slot >= 0 && slot < slots, "slot \(slot) is outside 0..<\(slots)")
    seen[thread * slots + slot] = id
  }

  /// A read's check: nil if `id` is nothing or could be an instance made here. (Only its sign
  /// is checked: what a racing read returns carries no order with the creation count.)
  public func validate(_ id: Int?) -> String? {
    guard let id else { return nil }
    return id > 0 ? nil : "\(naming) holds \(id)"
  }

  /// The end state: every slot a thread reached has one instance that every thread asking
  /// for it saw (and, counting creations, no more instances than slots).
  public func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let reached = min(slots, writesPerThread.max() ?? 0)
    if countsCreations {
      let extra = created.load(ordering: .relaxed) - reached
      violations.add(
        count: abs(extra), "\(extra + reached) instances created for \(reached) \(naming)s")
    }
    let made = created.load(ordering: .relaxed)
    for slot in 0..<reached {
      let ids = Set(
        (0..<threads).filter { writesPerThread[$0] > slot }.map { seen[$0 * slots + slot] })
      if let stray = ids.first(where: { $0 > made }) {
        violations.add("\(naming) \(slot) was handed \(stray), which was never created")
      }
      if ids.count > 1 {
        violations.add("threads were handed \(ids.count) different instances of \(naming) \(slot)")
      }
    }
    return violations
  }
}
