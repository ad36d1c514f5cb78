import StressKitCore

/// How a controlled run picks the thread that runs next, wherever more than one could.
///
/// A chooser is asked only at points with a choice, so a schedule is the list of its answers:
/// the replay token (`ScheduleTrace.token`), from which `ReplayChooser` runs it again.
package protocol ScheduleChooser: AnyObject {
  /// Called before schedule `schedule` of `threads` threads starts.
  func start(schedule: Int, threads: Int)
  /// The thread to run next: one of `enabled` (ascending, at least two). `current` is the
  /// thread that reached the point, if it could go on: choosing another preempts it.
  func choose(_ enabled: [Int], current: Int?) -> Int
  /// Called after a schedule that made `choices` choices: whether this chooser has another
  /// schedule to offer (a search that is not exhausted; random ones always have).
  func finish(choices: Int) -> Bool
}

/// A random walk: every enabled thread equally likely at every point.
package final class RandomWalk: ScheduleChooser {
  private let seed: UInt64
  private var random = SplitMix64(seed: 0)

  package init(seed: UInt64) { self.seed = seed }

  package func start(schedule: Int, threads: Int) {
    random = SplitMix64(seed: seed, stream: schedule)
  }

  package func choose(_ enabled: [Int], current: Int?) -> Int {
    enabled[Int(random.next() % UInt64(enabled.count))]
  }

  package func finish(choices: Int) -> Bool { true }
}

/// One schedule given by its choices, as a failing one was recorded (`ScheduleTrace.token`).
package final class ReplayChooser: ScheduleChooser {
  private let choices: [Int]
  private var next = 0
  /// Set when the run asked for a choice the recording does not have or cannot make: the
  /// code under test did not run as it did, so the replay is not the schedule recorded.
  package private(set) var diverged = false

  package init(_ choices: [Int]) { self.choices = choices }

  package func start(schedule: Int, threads: Int) { next = 0 }

  package func choose(_ enabled: [Int], current: Int?) -> Int {
    defer { next += 1 }
    guard next < choices.count, enabled.contains(choices[next]) else {
      diverged = true
      return current ?? enabled[0]
    }
    return choices[next]
  }

  package func finish(choices: Int) -> Bool {
    if choices != self.choices.count { diverged = true }
    return false
  }
}
