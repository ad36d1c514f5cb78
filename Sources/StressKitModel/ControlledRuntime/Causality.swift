import Synchronization

/// Happens-before in one schedule, by vector clocks (loom's way): each controlled thread's
/// clock, which its primitives' releases pass on to their next acquires, and the first data
/// race seen between two accesses to a `Shared` cell that no primitive ordered.
///
/// A thread's own entry counts its releases: an access made at entry e by thread t is ordered
/// before thread u's later access only if u has since acquired what t released after it
/// (u's entry for t is at least e).
package struct Causality: Sendable {
  /// Threads in the schedule, and their clocks, thread after thread in one array (`n` entries
  /// each): a lock's acquire and release touch them at every use.
  private var n = 0
  /// Whether clocks are kept this schedule: only once a process has made a `Shared` cell, so a
  /// type with none pays nothing for them.
  package private(set) var tracking = false
  private var clocks: [Int] = []
  /// The first race this schedule: two accesses, the earlier first.
  package private(set) var race: Race?

  /// One access to a cell: its thread, whether it wrote, the step that made it (from 1) and
  /// the thread's clock entry when it did.
  package struct Access: Sendable, Equatable {
    package var thread: Int
    package var writes: Bool
    package var step: Int
    var epoch: Int
  }

  /// Two accesses to the cell numbered `cell` in the trace, one a write, not ordered.
  package struct Race: Sendable, Equatable {
    package var cell: Int
    package var first: Access
    package var second: Access
  }

  /// Fresh for a schedule of `threads` threads: no thread has seen another's releases.
  mutating func start(threads: Int) {
    race = nil
    tracking = SharedCells.made.load(ordering: .relaxed)
    guard tracking else { return }
    n = threads
    if clocks.count != n * n { clocks = Array(repeating: 0, count: n * n) }
    for t in 0..<n {
      for u in 0..<n { clocks[t * n + u] = t == u ? 1 : 0 }
    }
  }

  /// A new thread (an asynchronous block) starts from what `parent` has seen: the submit
  /// happens before the block. The parent starts a new epoch, as at a release.
  mutating func fork(from parent: Int) {
    guard tracking else { return }
    // Flat rows of n + 1 entries: each row gains the new thread's entry, then its own row.
    var grown = [Int](repeating: 0, count: (n + 1) * (n + 1))
    for t in 0..<n {
      for u in 0..<n { grown[t * (n + 1) + u] = clocks[t * n + u] }
    }
    for u in 0..<n { grown[n * (n + 1) + u] = clocks[parent * n + u] }
    grown[n * (n + 1) + n] = 1
    n += 1
    clocks = grown
    clocks[parent * n + parent] += 1
  }

  /// Whether everything finished thread `old` did happens before what `parent` does now: `old`
  /// ended with a release (a block leaves its queue last), which `parent` has acquired.
  func covers(_ parent: Int, _ old: Int) -> Bool {
    guard tracking else { return true }
    return clocks[parent * n + old] >= clocks[old * n + old] - 1
  }

  /// Thread `slot`, finished and covered by `parent`, starts again as a new block of
  /// `parent`'s: from what `parent` has seen, its own entry past its last, so that no access
  /// it makes now is taken as one seen before.
  mutating func refork(_ slot: Int, from parent: Int) {
    guard tracking else { return }
    let own = clocks[slot * n + slot]
    for u in 0..<n { clocks[slot * n + u] = clocks[parent * n + u] }
    clocks[slot * n + slot] = own + 1
    clocks[parent * n + parent] += 1
  }

  /// `me` takes what a primitive's `clock` holds: every release it has seen. A clock made
  /// before a thread was added has no entry for it: nothing it released.
  package mutating func acquire(_ me: Int, _ clock: [Int]) {
    guard tracking, me < n else { return }
    let base = me * n
    for t in 0..<min(n, clock.count) where clock[t] > clocks[base + t] {
      clocks[base + t] = clock[t]
    }
  }

  /// `me` passes what it has seen to a primitive's `clock`, then starts a new epoch.
  package mutating func release(_ me: Int, into clock: inout [Int]) {
    guard tracking, me < n else { return }
    if clock.count < n { clock += [Int](repeating: 0, count: n - clock.count) }
    let base = me * n
    for t in 0..<n where clocks[base + t] > clock[t] { clock[t] = clocks[base + t] }
    clocks[base + me] += 1
  }

  /// `me`'s access at step `step`, as the cell records it.
  func access(_ me: Int, writes: Bool, step: Int) -> Access {
    Access(thread: me, writes: writes, step: step, epoch: clocks[me * n + me])
  }

  /// Whether `earlier` happened before what `me` does now.
  func ordered(_ earlier: Access, before me: Int) -> Bool {
    earlier.thread == me || clocks[me * n + earlier.thread] >= earlier.epoch
  }

  /// Keeps the first race of the schedule.
  mutating func note(_ race: Race) {
    if self.race == nil { self.race = race }
  }
}

/// Whether this process has made a `Shared` cell: until it has, no schedule keeps clocks.
package enum SharedCells {
  package static let made = Atomic<Bool>(false)
}
