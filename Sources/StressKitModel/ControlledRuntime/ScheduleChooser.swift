import StressKitCore

/// How a controlled run picks the thread that runs next, wherever more than one could.
///
/// A chooser is asked only at points with a choice, so a schedule is the list of its answers:
/// the replay token (`ScheduleTrace.token`), from which `ReplayChooser` runs it again.
package protocol ScheduleChooser: AnyObject {
  /// Called before schedule `schedule` of `threads` threads starts.
  func start(schedule: Int, threads: Int)
  /// Thread `thread` joined the schedule: a block submitted asynchronously.
  func added(_ thread: Int)
  /// The thread to run next: one of `enabled` (ascending, at least two). `current` is the
  /// thread that reached the point, if it could go on: choosing another preempts it.
  func choose(_ enabled: [Int], current: Int?) -> Int
  /// Called after a schedule that made `choices` choices: what comes next. The chooser, not
  /// the exploration, knows when its schedules are over.
  func finish(choices: Int) -> NextSchedule
  /// Whether its schedules of a scenario cover a bounded space to the end (a search): a
  /// scenario it finished is then covered, not sampled.
  var covers: Bool { get }
  /// Whether the run asked for choices it could not give as recorded (a replay).
  var diverged: Bool { get }
}

/// What a chooser offers after a schedule.
package enum NextSchedule: Sendable, Equatable {
  /// Another schedule of the same scenario: a search that is not over.
  case sameScenario
  /// A schedule of the next scenario, if the budget allows.
  case newScenario
  /// Nothing more: the exploration is over (a replay).
  case over
}

extension ScheduleChooser {
  package func added(_ thread: Int) {}
  package var covers: Bool { false }
  package var diverged: Bool { false }
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

  package func finish(choices: Int) -> NextSchedule { .newScenario }
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

  package func finish(choices: Int) -> NextSchedule {
    if choices != self.choices.count { diverged = true }
    return .over
  }
}
