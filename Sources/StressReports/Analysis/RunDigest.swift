import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What a run's reports say, computed once from its cells, whether they come from a run that
/// just ended or from CSV files read back: the verdicts, the positive control, the wrapper
/// comparison and its recommendations, the failing scenarios and the shared reads. Every
/// renderer (the console summary, JSON, HTML, JUnit, the summary CSV) reads this value, so
/// none can weigh a verdict or rank a wrapper its own way, and `stress report` of a run's
/// files says what the run said when it ended.
package struct RunDigest: Sendable {
  /// What is known of the run beyond its cells: from its plan when it has just run, from the
  /// columns its files agree on when they are read back.
  package struct Context: Sendable, Equatable {
    /// The run's mode and its machine's cores, for the recommendations' commands and wording.
    package var mode: String?
    package var cores: Int?
    /// The controlled scheduler's strategy (`--strategy`); nil for a stress run.
    package var strategy: ScheduleStrategy?
    /// The wrappers that let reads overlap, for the note on read-only cells under them.
    package var readSharing: Set<String>
    /// Which run this is, when it is one run (not shards of several, nor files of different
    /// runs).
    package var run: Identity?

    package init(
      mode: String? = nil, cores: Int? = nil, strategy: ScheduleStrategy? = nil,
      readSharing: Set<String> = Catalog.standard.readSharingWrappers, run: Identity? = nil
    ) {
      self.mode = mode
      self.cores = cores
      self.strategy = strategy
      self.readSharing = readSharing
      self.run = run
    }
  }

  /// The columns that name a run: the same in every row it wrote.
  package struct Identity: Sendable, Equatable {
    package var runID: String
    package var suite: String
    package var mode: String
    package var startedAt: String
    package var seed: UInt64
    package var shard: String?
    package var strategy: ScheduleStrategy?
  }

  /// Every cell, the positive control's included, in the order they ran.
  package let cells: [CellStatistics]
  package let context: Context
  /// The cells the tables show: the control is shown with the verdicts, not as a row.
  package let measured: [CellStatistics]
  /// The positive control at each thread count it ran at; empty without one.
  package let control: [Int: ControlReading]
  /// One per subject with unprotected cells at 2 or more threads.
  package let verdicts: [Verdict]
  package let comparison: WrapperComparison
  package let recommendations: [Recommendation]
  /// Model tests' failing scenarios: the first failing trial of each cell whose detail is a
  /// shrunk scenario.
  package let failingScenarios: [TrialRecord]
  package let sharedReads: SharedReads?
  package let trials: Int
  /// The trials that fail the run (protected wrappers that failed, broken subjects).
  package let failingTrials: Int

  package init(_ cells: [CellStatistics], context: Context = Context()) {
    self.cells = cells
    self.context = context
    measured = cells.filter { !$0.cell.isControl }
    control = ControlReading.readings(cells)
    verdicts = Self.verdicts(cells, readings: control)
    comparison = WrapperComparison(cells)
    recommendations = comparison.recommendations(mode: context.mode, cores: context.cores)
    failingScenarios = measured.compactMap { s in
      s.failureSamples.first { $0.result.finding?.kind.showsScenario == true }
    }
    sharedReads = SharedReads(cells, sharing: context.readSharing)
    trials = cells.map(\.trials).reduce(0, +)
    failingTrials = cells.map(\.failingTrials).reduce(0, +)
  }

  package var passed: Bool { failingTrials == 0 }

  /// How the run ends, for its exit code: the harness failed a trial; a protected wrapper
  /// failed or a subject is broken; or neither (unprotected failures are findings).
  package enum Grade: Sendable, Equatable {
    case passed
    case failed
    case harnessFault
  }

  package var grade: Grade {
    if cells.contains(where: { $0.harnessFaults > 0 }) { return .harnessFault }
    return passed ? .passed : .failed
  }

  /// The first failing trials, for the closing verdict.
  package var failingSamples: [TrialRecord] { cells.flatMap(\.failingSamples) }

  /// The control's readings by thread count, fewest threads first.
  package var controlReadings: [ControlReading] {
    control.values.sorted { $0.threads < $1.threads }
  }

  /// One verdict per subject with unprotected cells at 2 or more threads, in first-seen order,
  /// weighed by `readings`, the control's over the same cells. Private: every report (compare
  /// and trend too) takes its verdicts from a digest, so none can weigh them its own way.
  private static func verdicts(
    _ cells: [CellStatistics], readings: [Int: ControlReading]
  ) -> [Verdict] {
    let racing = cells.filter { !$0.cell.isProtected && $0.cell.threads > 1 && !$0.cell.isControl }
    return racing.groupedInOrder(by: \.cell.subject).map { subject, group in
      var failures: [Outcome: Int] = [:]
      for s in group {
        for outcome in [Outcome.corrupt, .crash, .hang] {
          if let n = s.counts[outcome], n > 0 { failures[outcome, default: 0] += n }
        }
      }
      let cell = group[0].cell
      let threads = Set(group.map(\.cell.threads)).sorted()
      let powered = group.filter { s in
        readings.isEmpty || readings[s.cell.threads]?.seesRaces == true
      }
      var verdict = Verdict(
        subject: subject, documented: cell.documented, sendable: cell.sendable,
        trials: group.map(\.trials).reduce(0, +), failures: failures,
        controls: threads.compactMap { readings[$0] },
        poweredTrials: powered.map(\.countedTrials).reduce(0, +),
        uncheckedTrials: powered.map(\.uncheckedTrials).reduce(0, +),
        erroredTrials: group.map { $0.counts[.error] ?? 0 }.reduce(0, +),
        poweredThreads: Set(powered.filter { $0.countedTrials > 0 }.map(\.cell.threads)).sorted(),
        poweredOperations: powered.map(\.countedOperations).reduce(0, +),
        strategy: cell.strategy, searchedTrials: group.map(\.searchedTrials).reduce(0, +),
        searchedScenarios: group.map(\.searchedScenarios).reduce(0, +),
        searchedSchedules: group.map(\.searchedSchedules).reduce(0, +),
        cutShortTrials: group.map(\.cutShortTrials).reduce(0, +),
        pointedTrials: group.map(\.pointedTrials).reduce(0, +),
        switchPoints: group.map(\.switchPoints).reduce(0, +),
        pointedSchedules: group.map(\.pointedSchedules).reduce(0, +))
      // A bound counts the powered trials only, and so do the focused trials it names.
      verdict.focused = FocusTally.merged((verdict.failed > 0 ? group : powered).map(\.focused))
      return verdict
    }
  }
}

extension RunDigest.Context {
  /// A run that has just ended: its plan's mode and strategy, and its machine's cores.
  package init(
    plan: Plan, readSharing: Set<String>, environment: RunEnvironment = .current
  ) {
    self.init(
      mode: plan.mode.rawValue, cores: environment.cpus,
      strategy: plan.strategy, readSharing: readSharing,
      run: RunDigest.Identity(
        runID: plan.runID, suite: plan.suite, mode: plan.mode.rawValue,
        startedAt: ResultColumns.timestamp(plan.startedAt), seed: plan.seed,
        shard: plan.shard?.description, strategy: plan.strategy))
  }

  /// Files read back: what every row of every file agrees on, and nothing where they differ
  /// (shards of one run share all but the shard; files of different runs share less).
  package init(files: [ResultsFile], readSharing: Set<String>) {
    func shared(_ column: String) -> String? {
      let values = Set(files.flatMap { $0.values(column) })
      return values.count == 1 ? values.first : nil
    }
    // "stress" is the strategy column's word for a run that did not explore schedules.
    let strategy = shared("strategy").flatMap(ScheduleStrategy.init(argument:))
    var run: RunDigest.Identity?
    if let runID = shared("run_id"), !runID.isEmpty, let suite = shared("suite"),
      let mode = shared("mode"), let startedAt = shared("started_at"),
      let seed = shared("run_seed").flatMap({ UInt64($0) })
    {
      let shard = shared("shard")
      run = RunDigest.Identity(
        runID: runID, suite: suite, mode: mode, startedAt: startedAt, seed: seed,
        shard: shard?.isEmpty == false ? shard : nil, strategy: strategy)
    }
    self.init(
      mode: shared("mode"), cores: shared("cpus").flatMap { Int($0) }, strategy: strategy,
      readSharing: readSharing, run: run)
  }
}
