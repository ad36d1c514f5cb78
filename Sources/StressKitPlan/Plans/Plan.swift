import Foundation
import StressKitCore
import StressKitEngine
import StressKitModel
import StressPlatform

/// Everything a run will do: the cells, in order, and the budget of each trial.
package struct Plan: Sendable {
  package var runID: String
  package var startedAt: Date
  package var suite: String
  package var mode: Mode
  package var cells: [Cell]
  /// Trials per cell; with a time budget, the minimum each cell gets.
  package var trials: Int
  package var bound: Bound
  /// Trial `k` of every cell uses seed `seed + k`.
  package var seed: UInt64
  /// Seconds a trial may run before it is declared a hang.
  package var timeout: Double
  /// An unprotected trial is called hung sooner once the run has timed its subject alone
  /// (`HangForecast`); off when the user gave the timeout, which is then the whole deadline.
  package var forecastsHangs = true
  /// Trials per cell run first and discarded; with `forks`, per trial.
  package var warmup: Int
  /// JMH's forks: every measured trial in a fresh worker of its own, after the warmup there.
  /// Trials in one process share its speed (its memory's layout, its threads' cores), so
  /// trials that share a worker are not independent samples; forked ones are, as the
  /// Mann-Whitney test of `stress compare` assumes. Each trial costs a fresh worker more.
  package var forks = false
  package var tuning: Tuning
  /// Count ThreadSanitizer reports per trial (see `scripts/tsan.sh`).
  package var countsSanitizerReports = false
  /// Each worker's memory limit in bytes (`Platform.limitMemory`), nil for none: a subject
  /// that allocates without bound is a crash of its trial, not the machine's memory gone.
  package var memoryLimit: UInt64? = Plan.defaultMemoryLimit

  /// Half the machine's memory, so one runaway worker leaves the rest to the runner and the
  /// machine, but at least 4 GiB, as 256 threads' stacks take 2; none under ThreadSanitizer,
  /// whose shadow memory the limit would refuse.
  package static var defaultMemoryLimit: UInt64? {
    Platform.hasThreadSanitizer ? nil : max(Platform.physicalMemory / 2, 4 << 30)
  }
  /// A crash's detail names where it crashed (`CrashReport`); `stress bench` turns it off to
  /// measure its cost.
  package var reportsCrashes = true
  /// The slice of the suite's cells this run holds, if sharded.
  package var shard: Shard?
  /// The unsharded plan's digest (`Plan+Fingerprint`), the same in each of its shards; set by
  /// the options' resolution, empty for a plan built by hand.
  package var fingerprint = ""
  /// The digest of the same plan with a time budget where it has none, or none where it has
  /// one: a resume that differs only there is told so.
  package var fingerprintWithTimeBudgetToggled = ""
  /// The suite file the plan was read from, if any: an input no output may overwrite.
  package var suitePath: String?
  /// Run the positive control after the cells at 2 or more threads (see `PositiveControl`).
  package var control = false
  /// The control follows every cell at a thread count until it holds this many trials there;
  /// from then on its trials there take at most `controlShare` of the cells' measured time.
  /// So a small run reads the control after each cell, and a large one still gets a reading of
  /// hundreds of trials spread over the run, without a sixth of its trials' time spent on it.
  package static let controlMinimum = 20
  package static let controlShare = 0.125

  /// The shortest trial timeout: a fresh worker's start and a trial's answer take milliseconds
  /// on a busy machine, and a hang blamed on the subject must be the subject's.
  package static let minimumTimeout = 0.1

  /// The control's cell at `threads` threads: the stress control, or the scheduled one
  /// explored with the run's strategy.
  package func controlCell(threads: Int) -> Cell {
    .control(threads: threads, strategy: strategy)
  }
  /// Wall-clock seconds the run may take: beyond every cell's `trials`, the rest goes to the
  /// least settled cells (see `BudgetPlanner`). nil: exactly `trials` per cell.
  package var timeBudget: Double?
  /// With an ops bound: seconds after which a protected cell's trial stops, done or not (an
  /// unprotected cell's trials, whose question is detection, are never cut short).
  package var cap: Double?
  /// Model tests explored under the controlled scheduler with this strategy, instead of
  /// stressed; each trial's bound counts schedules or seconds of exploring.
  package var strategy: ScheduleStrategy?

  package init(
    runID: String = Plan.newRunID(), startedAt: Date = Date(), suite: String, mode: Mode,
    cells: [Cell], trials: Int, bound: Bound, seed: UInt64, timeout: Double, warmup: Int = 0,
    tuning: Tuning = .none
  ) {
    self.warmup = warmup
    self.tuning = tuning
    self.runID = runID
    self.startedAt = startedAt
    self.suite = suite
    self.mode = mode
    self.cells = cells
    self.trials = trials
    self.bound = bound
    self.seed = seed
    self.timeout = timeout
  }

  /// Trial `k`'s seed; warmup trials have negative `k`.
  package func seed(forTrial trial: Int) -> UInt64 {
    seed &+ UInt64(bitPattern: Int64(trial))
  }

  package static func newRunID() -> String {
    String(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF, radix: 16)
  }
}

// MARK: - Resolving options

extension Plan {
  /// Resolves `options` against the named suite (if any) and `catalog`, in steps: the suite,
  /// the axes (subjects, wrappers, thread counts or roles, mixes), the budget, the cells and
  /// the shard. Precedence: command line, then the suite, then the mode's preset, then
  /// subject defaults.
  package init(
    options: RunOptions, catalog: Catalog, suiteDirectories: [String] = Suite.searchDirectories()
  ) throws(PlanError) {
    try options.validate()
    try self.init(
      options: options, suite: Self.suite(options, in: suiteDirectories), catalog: catalog)
  }

  /// The same resolution from a suite already read (`options.suite` names it, or nil for the
  /// command line's own subjects): no file is read, so each step after the suite is a function
  /// of its inputs.
  package init(options: RunOptions, suite: Suite, catalog: Catalog) throws(PlanError) {
    try options.validate()
    // A user's catalog may hold an id no list can name and no reader takes back.
    if let problem = catalog.problem { throw .invalidCatalog(problem) }
    let axes = try Axes(options: options, suite: suite, catalog: catalog)
    let budget = try Resolved(options: options, suite: suite)
    let unsharded = try Self.cells(axes, bound: budget.bound)
    let cells = try Self.shard(unsharded, options.shard).map { cell in
      var cell = cell
      cell.strategy = options.strategy
      return cell
    }
    self.init(
      suite: suite.name, mode: options.mode, cells: cells, trials: budget.trials,
      bound: budget.bound, seed: options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max)),
      timeout: budget.timeout, warmup: budget.warmup, tuning: options.tuning)
    countsSanitizerReports = options.countsSanitizerReports
    if let limit = options.memoryLimit {
      guard limit == 0 || !(Platform.hasThreadSanitizer || countsSanitizerReports) else {
        throw .memoryLimitUnderSanitizer
      }
      memoryLimit = limit == 0 ? nil : limit
    }
    if countsSanitizerReports { memoryLimit = nil }
    forks = options.forks
    forecastsHangs = options.timeout == nil
    shard = options.shard
    suitePath = suite.path
    // A catalog built without `Catalog.standard` has no control for its workers to run.
    control = options.control && catalog.entry(PositiveControl.info.id) != nil
    timeBudget = budget.timeBudget
    cap = budget.cap
    strategy = options.strategy
    // Under a random strategy the control is a lost update explored the same way; a search
    // is deterministic, and its bound (each trial's detail states it) is its power.
    if let strategy {
      control =
        !strategy.isDeterministic && options.control
        && catalog.entry(ScheduledPositiveControl.info.id) != nil
    }
    fingerprint = fingerprint(over: unsharded)
    fingerprintWithTimeBudgetToggled = fingerprint(over: unsharded, budgeted: timeBudget == nil)
    try checkTimeBudget(completed: [])
  }

  /// The suite named, or a custom one of the subjects given.
  static func suite(_ options: RunOptions, in directories: [String]) throws(PlanError) -> Suite {
    guard let name = options.suite else {
      return Suite(name: "custom", subjects: options.subjects ?? [])
    }
    return try Suite.locate(name, in: directories)
  }

  /// A cell per subject, wrapper, mix and thread count (or role pair), each subject checked
  /// against the driver and the roles.
  static func cells(_ axes: Axes, bound: Bound) throws(PlanError) -> [Cell] {
    var cells: [Cell] = []
    for subject in axes.subjects {
      let info = subject.info
      if info.readOnly, let writers = axes.writers, writers.contains(where: { $0 > 0 }) {
        throw .readOnlySubjectHasWriters(subject: info.id)
      }
      if axes.driver == .dispatchApply && (info.readOnly || bound.opsPerThread == nil) {
        throw .dispatchApplyNeedsWrites
      }
      if axes.driver == .dispatchApply && info.ordersPerThread {
        throw .dispatchApplyBreaksOrder(subject: info.id)
      }
      if info.traits.contains(.needsThreads) && axes.wrappers.allSatisfy({ $0.driver == .tasks }) {
        throw .subjectNeedsThreads(subject: info.id)
      }
      // An async model test's calls are tasks already, and a lock cannot span their awaits.
      let bare = axes.asynchronous.contains(info.id)
      if bare && axes.wrappers.allSatisfy(\.info.isProtected) {
        throw .asyncModelRunsBare(subject: info.id)
      }
      // A read-only subject has one mix; with roles, the roles are the mix.
      let mixes =
        info.readOnly || axes.roles != nil
        ? [info.defaultReadRatio] : axes.ratios ?? [info.defaultReadRatio]
      let shapes: [(threads: Int, readers: Int?)] =
        axes.roles?.map { ($0[0] + $0[1], $0[0]) } ?? axes.threads.map { ($0, nil) }
      for wrapper in axes.wrappers
      where !(info.traits.contains(.needsThreads) && wrapper.driver == .tasks)
        && !(bare && wrapper.info.isProtected)
      {
        for ratio in mixes {
          for shape in shapes {
            var cell = Cell(
              subject: info.id, wrapper: wrapper.info.id, threads: shape.threads, readRatio: ratio,
              documented: info.documented, isProtected: wrapper.info.isProtected,
              readers: shape.readers, driver: wrapper.driver)
            cell.failsAlone = info.failsAlone
            cell.sendable = info.sendable
            cell.expectation = info.expectation(for: wrapper.info)?.reason
            cell.freshProcess = info.freshProcess
            if !cell.isProtected && cell.threads > 1 && !info.calls.isEmpty && !info.edges.isEmpty {
              cell.focusAxes = FocusAxes(calls: info.calls, edges: info.edges)
            }
            cells.append(cell)
          }
        }
      }
    }
    return cells
  }

  /// The shard's share of `cells`, which may not be empty.
  static func shard(_ cells: [Cell], _ shard: Shard?) throws(PlanError) -> [Cell] {
    guard let shard else { return cells }
    let sliced = shard.slice(cells)
    guard !sliced.isEmpty else { throw .emptyShard(shard, cells: cells.count) }
    return sliced
  }

  /// Refuses a time budget too small for every cell's minimum (given the trials `completed`
  /// already holds, and the `spent` seconds a resumed run used): the run says so before it
  /// starts, rather than dropping cells.
  package func checkTimeBudget(completed: [TrialRecord], spent: Double = 0) throws(PlanError) {
    guard let timeBudget else { return }
    let needed = BudgetPlanner.minimumCost(of: self, completed: completed)
    if needed > 0 && needed > timeBudget - spent {
      throw .timeBudgetTooSmall(
        budget: timeBudget, spent: spent, needed: needed, cells: cells.count, trials: trials)
    }
  }

  /// `items` without repeats, in first-seen order.
  static func folded<T: Hashable>(_ items: [T]) -> [T] {
    var seen = Set<T>()
    return items.filter { seen.insert($0).inserted }
  }
}
