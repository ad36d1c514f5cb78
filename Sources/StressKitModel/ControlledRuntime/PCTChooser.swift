import StressKitCore

/// Probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS
/// 2010): threads get distinct random priorities and the highest enabled one runs; at `depth -
/// 1` random points the running thread drops below every other. A bug of depth d among n
/// threads and k choices is found with probability at least 1/(n·k^(d-1)) per schedule.
///
/// k is not known before a run: it starts at the first schedule's count and grows to the
/// largest seen, so change points fall anywhere a schedule can reach.
package final class PCTChooser: ScheduleChooser {
  private let depth: Int
  private let seed: UInt64
  private var random = SplitMix64(seed: 0)
  private var priorities: [Int] = []
  private var changes: [Int] = []
  private var step = 0
  /// The most choices a schedule has made: PCT's k.
  package private(set) var k = 0

  package init(depth: Int, seed: UInt64) {
    self.depth = max(1, depth)
    self.seed = seed
  }

  package func start(schedule: Int, threads: Int) {
    random = SplitMix64(seed: seed, stream: schedule)
    // A random permutation of depth ..< depth + threads: every initial priority is above
    // every lowered one (0 ..< depth - 1).
    priorities = Array(depth..<(depth + threads))
    for i in stride(from: threads - 1, to: 0, by: -1) {
      priorities.swapAt(i, Int(random.next() % UInt64(i + 1)))
    }
    changes = (0..<(depth - 1)).map { _ in 1 + Int(random.next() % UInt64(max(1, k))) }
    step = 0
  }

  /// A block (new, or in a finished block's place) takes a random rank among the threads not
  /// lowered (PCT's rule for a thread created during the run): any rank, the top included,
  /// whatever gaps lowering left. Every lowered priority stays below.
  package func added(_ thread: Int) {
    if thread < priorities.count { priorities[thread] = -1 - depth }
    let unlowered = priorities.filter { $0 >= depth }.sorted()
    let rank = Int(random.next() % UInt64(unlowered.count + 1))
    let place: Int
    if rank == unlowered.count {
      place = (unlowered.last ?? depth - 1) + 1
    } else {
      place = unlowered[rank]
      for i in priorities.indices where priorities[i] >= place { priorities[i] += 1 }
    }
    if thread < priorities.count { priorities[thread] = place } else { priorities.append(place) }
  }

  package func choose(_ enabled: [Int], current: Int?) -> Int {
    step += 1
    if let current {
      for (i, point) in changes.enumerated() where point == step {
        priorities[current] = depth - 2 - i
      }
    }
    return enabled.max { priorities[$0] < priorities[$1] }!
  }

  package func finish(choices: Int) -> NextSchedule {
    k = max(k, choices)
    return .newScenario
  }
}
