import Foundation
import StressKitCore
import StressKitEngine
import StressKitModel
import StressPlatform

// MARK: - The steps a plan resolves its options in

extension Plan {
  /// What the cells range over, each resolved against the catalog and checked.
  struct Axes {
    var subjects: [any StressSubject.Type]
    var wrappers: [(info: WrapperInfo, driver: Driver)]
    var threads: [Int]
    /// Asymmetric roles replace the thread counts: a (readers, writers) pair per cell.
    var roles: [[Int]]?
    var ratios: [Double]?
    var driver: Driver
    var writers: [Int]?
    /// The subjects that are async model tests: they run bare, their lanes as tasks.
    var asynchronous: Set<String> = []

    init(options: RunOptions, suite: Suite, catalog: Catalog) throws(PlanError) {
      // A subject, wrapper or thread count named twice is one cell, not two under the same
      // trial numbers (which no file could then resume): repeats are folded, first place kept.
      let subjectIDs = Plan.folded(options.subjects ?? suite.subjects)
      // A strategy explores the test's own primitives, bare; a replay, at its token's count.
      let strategy = options.strategy
      let bare = strategy == nil ? nil : [Unprotected.info.id]
      let wrapperIDs = Plan.folded(
        options.wrappers ?? bare ?? suite.wrappers ?? catalog.wrapperInfos.map(\.id))
      var replayed: [Int]?
      if case .replay(let text) = strategy, let token = ReplayToken(text) {
        replayed = [token.threads]
        if let given = options.threads, Plan.folded(given) != replayed! {
          throw .replayThreads(token: token.threads, given: given)
        }
        if options.readers != nil || options.writers != nil {
          throw .replayRoles(token: token.threads)
        }
        // A token is one subject's schedule: any other subject would be blamed for not
        // following it.
        if subjectIDs != [token.subject ?? subjectIDs.first] || subjectIDs.count != 1 {
          throw .replaySubjects(token: token.subject, given: subjectIDs)
        }
      }
      threads = Plan.folded(
        options.threads ?? replayed ?? suite.threads ?? Suite.defaultThreads)
      if let readers = options.readers, let writers = options.writers {
        roles = Plan.folded(readers.flatMap { r in writers.map { [r, $0] } }).filter {
          $0[0] + $0[1] > 0
        }
      }
      ratios = (options.readRatios ?? suite.readRatios).map { Plan.folded($0) }
      subjects = try subjectIDs.map { id throws(PlanError) in
        guard let type = catalog.subject(id) else {
          throw .unknownSubject(id, known: catalog.visibleSubjects.map { $0.info.id })
        }
        return type
      }
      wrappers = try wrapperIDs.map { id throws(PlanError) in
        if let type = catalog.wrapper(id) { return (info: type.info, driver: options.driver) }
        if let type = catalog.taskWrapper(id) { return (info: type.info, driver: Driver.tasks) }
        throw .unknownWrapper(id, known: catalog.wrapperInfos.map(\.id))
      }
      driver = options.driver
      writers = options.writers
      asynchronous = Set(subjectIDs.filter { catalog.entry($0)?.isAsync == true })
      if strategy != nil {
        if driver != .threads { throw .strategyNeedsThreadsDriver }
        for wrapper in wrappers where wrapper.info.isProtected || wrapper.driver != .threads {
          throw .strategyNeedsBareWrapper(wrapper: wrapper.info.id)
        }
        for id in subjectIDs where catalog.entry(id)?.isModel != true {
          throw .strategyNeedsModelTest(subject: id)
        }
        if case .replay(let text) = strategy {
          for id in subjectIDs {
            if let problem = catalog.entry(id)?.replayProblem(text) {
              throw .replayDoesNotFit(subject: id, problem: problem)
            }
          }
        }
        for n in (roles?.map { $0[0] + $0[1] } ?? threads)
        where n > ControlledScheduler.maxThreads {
          throw .strategyThreadCount(n)
        }
      }
      for n in (roles?.map { $0[0] + $0[1] } ?? threads) where !(1...Suite.maxThreads).contains(n) {
        throw .threadCount(n)
      }
      for ratio in ratios ?? [] where !(0...1).contains(ratio) {
        throw .readRatio(ratio)
      }
    }
  }

  /// The budget every cell's trials get, the command line over the suite over the mode.
  struct Resolved {
    var trials: Int
    var bound: Bound
    var timeout: Double
    var warmup: Int
    var timeBudget: Double?
    var cap: Double?

    init(options: RunOptions, suite: Suite) throws(PlanError) {
      let cli = Budget(
        trials: options.trials, ops: options.ops, seconds: options.seconds,
        warmup: options.warmup, timeBudget: options.timeBudget, cap: options.cap)
      var budget = cli.over(suite.budgets[options.mode] ?? Budget()).over(options.mode.preset)
      // `--trials` alone asks for exactly that many; beside `--time-budget`, it is the minimum.
      if options.timeBudget == nil && options.trials != nil { budget.timeBudget = nil }
      // The same bounds the command line and suite files check, for callers of this API too.
      let given: [(Budget.Field, Double?)] = [
        (.trials, budget.trials.map(Double.init)), (.ops, budget.ops.map(Double.init)),
        (.seconds, budget.seconds), (.warmup, budget.warmup.map(Double.init)),
        (.timeout, options.timeout), (.timeBudget, budget.timeBudget),
        (.minTrials, budget.minTrials.map(Double.init)), (.cap, budget.cap),
      ]
      for case (let field, let value?) in given where !field.accepts(value) {
        throw .budget(field, value)
      }
      trials =
        budget.timeBudget == nil ? budget.trials ?? 1 : options.trials ?? budget.minTrials ?? 2
      bound = budget.seconds.map { .seconds($0) } ?? .ops(budget.ops ?? 1)
      if options.cap != nil && bound.opsPerThread == nil { throw .capNeedsOps }
      if options.tuning.instances > 1
        && (bound.opsPerThread == nil || options.driver != .threads)
      {
        throw .instancesNeedOps
      }
      // A timeout the user gives is the whole deadline; one from a suite or a mode is a
      // margin on top of a timed trial's own duration.
      timeout = options.timeout ?? (budget.timeout ?? 10) + (bound.seconds ?? 0)
      guard timeout > 0, timeout <= Suite.maxSeconds + (bound.seconds ?? 0) else {
        throw .timeout(timeout)
      }
      guard timeout >= Plan.minimumTimeout else { throw .timeoutTooShort(timeout) }
      if let seconds = bound.seconds, timeout <= seconds {
        throw .timeoutWithinDuration(timeout: timeout, seconds: seconds)
      }
      warmup = max(0, budget.warmup ?? 0)
      timeBudget = budget.timeBudget
      cap = bound.opsPerThread == nil ? nil : budget.cap
    }
  }
}
