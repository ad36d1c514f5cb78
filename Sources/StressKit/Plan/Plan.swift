import Foundation

/// Everything a run will do: the cells, in order, and the budget of each trial.
public struct Plan: Sendable {
  public var runID: String
  public var startedAt: Date
  public var suite: String
  public var mode: Mode
  public var cells: [Cell]
  public var trials: Int
  public var bound: Bound
  /// Trial `k` of every cell uses seed `seed + k`.
  public var seed: UInt64
  /// Seconds a trial may run before it is declared a hang.
  public var timeout: Double
  /// Trials per cell run first and discarded.
  public var warmup: Int
  public var tuning: Tuning
  /// Count ThreadSanitizer reports per trial (see `scripts/tsan.sh`).
  public var countsSanitizerReports = false
  /// The slice of the suite's cells this run holds, if sharded.
  public var shard: Shard?
  /// The suite file the plan was read from, if any: an input no output may overwrite.
  public var suitePath: String?

  public init(
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
  public func seed(forTrial trial: Int) -> UInt64 {
    seed &+ UInt64(bitPattern: Int64(trial))
  }

  public static func newRunID() -> String {
    String(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF, radix: 16)
  }
}

// MARK: - Resolving options

extension Plan {
  /// Resolves `options` against the named suite (if any) and `catalog`.
  /// Precedence: command line, then the suite, then the mode's preset, then subject defaults.
  public init(
    options: RunOptions, catalog: Catalog, suiteDirectories: [String] = Suite.searchDirectories()
  ) throws(PlanError) {
    let suite: Suite
    if let name = options.suite {
      suite = try Suite.locate(name, in: suiteDirectories)
    } else if let subjects = options.subjects {
      suite = Suite(name: "custom", subjects: subjects)
    } else {
      throw PlanError("nothing to run: neither a suite nor subjects were named")
    }

    // A subject, wrapper or thread count named twice is one cell, not two under the same
    // trial numbers (which no file could then resume): repeats are folded, first place kept.
    let subjectIDs = Self.folded(options.subjects ?? suite.subjects)
    let wrapperIDs = Self.folded(
      options.wrappers ?? suite.wrappers ?? catalog.wrapperInfos.map(\.id))
    var threads = Self.folded(options.threads ?? suite.threads ?? Suite.defaultThreads)
    switch (options.readers, options.writers) {
    case (nil, nil): break
    case (let readers?, let writers?):
      guard options.threads == nil else {
        throw PlanError("readers and writers set the thread count; drop the thread list")
      }
      guard readers >= 0, writers >= 0, readers + writers >= 1 else {
        throw PlanError("readers and writers must be 0 or more, and at least one thread in all")
      }
      threads = [readers + writers]
    default:
      throw PlanError("give readers and writers together (either may be 0)")
    }
    let subjects = try subjectIDs.map { id throws(PlanError) in
      guard let type = catalog.subject(id) else {
        let ids = catalog.visibleSubjects.map { $0.info.id }
        throw PlanError("unknown subject '\(id)'.\(Suggestion.hint(for: id, in: ids))")
      }
      return type
    }
    let wrappers = try wrapperIDs.map { id throws(PlanError) in
      if let type = catalog.wrapper(id) { return (info: type.info, driver: options.driver) }
      if let type = catalog.taskWrapper(id) { return (info: type.info, driver: Driver.tasks) }
      let ids = catalog.wrapperInfos.map(\.id)
      throw PlanError("unknown wrapper '\(id)'.\(Suggestion.hint(for: id, in: ids))")
    }
    for n in threads where !(1...Suite.maxThreads).contains(n) {
      throw PlanError("thread counts must be from 1 to \(Suite.maxThreads), got \(n)")
    }
    if let ratio = options.readRatio, !(0...1).contains(ratio) {
      throw PlanError("read ratio must be from 0 to 1, got \(ratio)")
    }

    let cli = Budget(
      trials: options.trials, ops: options.ops, seconds: options.seconds, warmup: options.warmup)
    let budget = cli.over(suite.budgets[options.mode] ?? Budget()).over(options.mode.preset)
    // The same bounds the command line and suite files check, for callers of this API too.
    let given: [(Budget.Field, Double?)] = [
      (.trials, budget.trials.map(Double.init)), (.ops, budget.ops.map(Double.init)),
      (.seconds, budget.seconds), (.warmup, budget.warmup.map(Double.init)),
      (.timeout, options.timeout),
    ]
    for case (let field, let value?) in given where !field.accepts(value) {
      throw PlanError("\(field.rawValue) must be \(field.expected), got \(value)")
    }
    let trials = budget.trials ?? 1
    let bound: Bound = budget.seconds.map { .seconds($0) } ?? .ops(budget.ops ?? 1)
    if options.tuning.instances > 1 && (bound.opsPerThread == nil || options.driver != .threads) {
      throw PlanError("fresh instances need an ops budget and the threads driver")
    }
    // A timeout the user gives is the whole deadline; one from a suite or a mode is a margin
    // on top of a timed trial's own duration.
    let timeout = options.timeout ?? (budget.timeout ?? 10) + (bound.seconds ?? 0)
    guard timeout > 0, timeout <= Suite.maxSeconds + (bound.seconds ?? 0) else {
      throw PlanError("timeout must be more than 0 and at most \(Int(Suite.maxSeconds)) seconds")
    }
    if let seconds = bound.seconds, timeout <= seconds {
      throw PlanError(
        "timeout (\(timeout) s) must be longer than the trial duration (\(seconds) s)")
    }

    var cells: [Cell] = []
    for subject in subjects {
      let info = subject.info
      if info.readOnly, let writers = options.writers, writers > 0 {
        throw PlanError("subject '\(info.id)' is read-only: it has no writers to run")
      }
      if options.driver == .dispatchApply && (info.readOnly || bound.opsPerThread == nil) {
        throw PlanError("the dispatch-apply driver needs an ops budget and subjects with writes")
      }
      if options.driver == .dispatchApply && info.ordersPerThread {
        throw PlanError(
          "subject '\(info.id)' keeps per-thread order, which the dispatch-apply driver does not give"
        )
      }
      let ratio = info.readOnly ? 1 : options.readRatio ?? suite.readRatio ?? info.defaultReadRatio
      for wrapper in wrappers {
        for n in threads {
          cells.append(
            Cell(
              subject: info.id, wrapper: wrapper.info.id, threads: n, readRatio: ratio,
              documented: info.documented, isProtected: wrapper.info.isProtected,
              readers: options.readers, driver: wrapper.driver))
          cells[cells.count - 1].failsAlone = info.failsAlone
          cells[cells.count - 1].sendable = info.sendable
          cells[cells.count - 1].expectation = info.expectation(for: wrapper.info)?.reason
          cells[cells.count - 1].freshProcess = info.freshProcess
        }
      }
    }
    if let shard = options.shard {
      let all = cells.count
      cells = shard.slice(cells)
      guard !cells.isEmpty else {
        throw PlanError("shard \(shard) has no cells: the plan has only \(all)")
      }
    }
    self.init(
      suite: suite.name, mode: options.mode, cells: cells, trials: trials, bound: bound,
      seed: options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max)), timeout: timeout,
      warmup: max(0, budget.warmup ?? 0), tuning: options.tuning)
    countsSanitizerReports = options.countsSanitizerReports
    shard = options.shard
    suitePath = suite.path
  }

  /// `items` without repeats, in first-seen order.
  static func folded<T: Hashable>(_ items: [T]) -> [T] {
    var seen = Set<T>()
    return items.filter { seen.insert($0).inserted }
  }
}
