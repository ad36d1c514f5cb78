/// Happens-before in one schedule, by vector clocks (loom's way): each controlled thread's
/// clock, which its primitives' releases pass on to their next acquires, and the first data
/// race seen between two accesses to a `Shared` cell that no primitive ordered.
///
/// A thread's own entry counts its releases: an access made at entry e by thread t is ordered
/// before thread u's later access only if u has since acquired what t released after it
/// (u's entry for t is at least e).
package struct Causality: Sendable {
  /// By thread.
  private(set) var clocks: [[Int]] = []
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
    clocks = (0..<threads).map { me in (0..<threads).map { $0 == me ? 1 : 0 } }
    race = nil
  }

  /// `me` takes what a primitive's `clock` holds: every release it has seen.
  package mutating func acquire(_ me: Int, _ clock: [Int]) {
    guard me < clocks.count, !clock.isEmpty else { return }
    for t in clock.indices where clock[t] > clocks[me][t] { clocks[me][t] = clock[t] }
  }

  /// `me` passes what it has seen to a primitive's `clock`, then starts a new epoch.
  package mutating func release(_ me: Int, into clock: inout [Int]) {
    guard me < clocks.count else { return }
    if clock.isEmpty { clock = Array(repeating: 0, count: clocks.count) }
    for t in clock.indices where clocks[me][t] > clock[t] { clock[t] = clocks[me][t] }
    clocks[me][me] += 1
  }

  /// `me`'s access at step `step`, as the cell records it.
  func access(_ me: Int, writes: Bool, step: Int) -> Access {
    Access(thread: me, writes: writes, step: step, epoch: clocks[me][me])
  }

  /// Whether `earlier` happened before what `me` does now.
  func ordered(_ earlier: Access, before me: Int) -> Bool {
    earlier.thread == me || clocks[me][earlier.thread] >= earlier.epoch
  }

  /// Keeps the first race of the schedule.
  mutating func note(_ race: Race) {
    if self.race == nil { self.race = race }
  }
}
