import StressKitCore

/// What a cell's trials add up to: outcome counts, detection rate, throughput percentiles with
/// a 99.9% confidence interval on the mean (JMH's score error), scaling and relative cost.
///
/// Built trial by trial (`add`), so a runner keeps a bounded sample of each cell's numbers, not
/// its records: its memory stays flat over millions of trials.
package struct CellStatistics: Sendable {
  package var cell: Cell
  package private(set) var trials = 0
  package private(set) var counts: [Outcome: Int] = [:]
  /// Trials that ended corrupt, crashed or hung, over trials: how reliably this cell exposes a
  /// problem. Broken subjects and harness faults (`error`) expose nothing about thread safety.
  package var detectionRate: Double {
    let failed = [Outcome.corrupt, .crash, .hang].map { counts[$0] ?? 0 }.reduce(0, +)
    return trials == 0 ? 0 : Double(failed) / Double(trials)
  }
  package var medianTimeToFailureMs: Double? { timesToFailureMs.percentiles?.p50 }
  /// Over the trials that finished (ok or corrupt).
  package var throughput: Percentiles? { throughputs.percentiles }
  package var mean: Double? { throughputs.mean }
  /// Mean ± t(0.9995, n-1) · s/√n; only with at least 3 finished trials.
  package var confidence999: ClosedRange<Double>? {
    let n = throughputs.count
    guard n >= 3, let mean, let variance = throughputs.variance else { return nil }
    let half = Self.t999(degrees: n - 1) * (variance / Double(n)).squareRoot()
    return (mean - half)...(mean + half)
  }
  /// Median throughput over the same subject, wrapper and read mix's median at 1 thread.
  package var scaling: Double?
  /// The same subject's `unprotected` median at 1 thread and this read mix over this cell's
  /// median: how many times slower, in total throughput, than bare single-threaded access.
  package var costVersusUnprotected: Double?
  /// Throughput of each finished trial (ok or corrupt), in the order added; a uniform sample
  /// of at most `BoundedSample.defaultCapacity` of them in a cell with more.
  package var rates: [Double] { throughputs.kept }
  /// Every finished trial's throughput, folded (bounded memory, whatever the trial count).
  package private(set) var throughputs = BoundedSample()
  private var timesToFailureMs = BoundedSample()
  /// Sum of the trials' timed regions.
  package private(set) var seconds = 0.0
  /// Operations all its trials ran, for a bound stated in operations as well as trials.
  package private(set) var operations = 0
  /// The first few trials that did not end ok, for reports: a cell keeps at most `sampleLimit`
  /// of them, so a long run's memory does not grow with its failures.
  package private(set) var failureSamples: [TrialRecord] = []
  /// The first few trials that fail the run, kept apart so findings cannot crowd them out.
  package private(set) var failingSamples: [TrialRecord] = []
  /// Trials that fail the run (a protected wrapper's failure, or `error`).
  package private(set) var failingTrials = 0
  /// Trials the harness itself failed (exit 2).
  package private(set) var harnessFaults = 0
  /// Trials that checked what they ran (`TrialResult.counts`): failed, passed, or searched to
  /// their bound; and their operations. A "no failure seen" rests on them.
  package private(set) var countedTrials = 0
  package private(set) var countedOperations = 0
  /// `ok` trials that left some histories unchecked (`TrialResult.leftUnchecked`): no "no
  /// failure seen" rests on them.
  package private(set) var uncheckedTrials = 0

  /// Under a bounded search: the trials whose every scenario was searched to the end of the
  /// bound, their scenarios and their schedules; and the trials cut short before their bound
  /// or their budget (a search, or an exploration stopped at its deadline), and their
  /// schedules: they claim nothing.
  package private(set) var searchedTrials = 0
  package private(set) var searchedScenarios = 0
  package private(set) var searchedSchedules = 0
  package private(set) var cutShortTrials = 0
  /// Under a strategy: the trials that recorded their switch points, and those points in all.
  package private(set) var pointedTrials = 0
  package private(set) var switchPoints = 0
  /// The schedules those trials ran.
  package private(set) var pointedSchedules = 0

  /// The machine around its trials, summed (`MachineTotals`).
  package private(set) var machine = MachineTotals()
  /// Its focused trials, pair by pair in first-seen order (`Cell+Focus`).
  package private(set) var focused: [FocusTally] = []

  package static let sampleLimit = 10

  /// Trials that did not end ok.
  package var failedTrials: Int { trials - (counts[.ok] ?? 0) }

  /// One entry per cell, in the order cells first appear in `records`, related to each other
  /// (scaling and cost).
  package static func compute(_ records: [TrialRecord]) -> [CellStatistics] {
    related(
      records.groupedInOrder(by: \.cell).map { CellStatistics(cell: $0.key, records: $0.elements) })
  }

  /// `stats` with scaling and cost filled in from the 1-thread cells among them.
  package static func related(_ stats: [CellStatistics]) -> [CellStatistics] {
    var stats = stats
    var medians: [String: Double] = [:]
    for s in stats where s.cell.threads == 1 && s.cell.readers == nil {
      // A zero median (trials that did nothing) is no reference: ratios to it are infinite.
      if let median = s.throughput?.p50, median > 0 {
        medians["\(s.cell.subject)/\(s.cell.wrapper)/\(s.cell.readRatio)"] = median
      }
    }
    for i in stats.indices {
      guard let median = stats[i].throughput?.p50, median > 0 else { continue }
      let c = stats[i].cell
      // Against the same read mix: a mix of more reads is another workload, not a speed-up.
      stats[i].scaling = medians["\(c.subject)/\(c.wrapper)/\(c.readRatio)"].map { median / $0 }
      stats[i].costVersusUnprotected = medians[
        "\(c.subject)/\(Unprotected.info.id)/\(c.readRatio)"
      ].map {
        $0 / median
      }
    }
    return stats
  }

  /// A cell with no trial yet.
  package init(cell: Cell) {
    self.cell = cell
  }

  /// One cell's statistics, alone (see `related`).
  package init(cell: Cell, records: [TrialRecord]) {
    self.init(cell: cell)
    for record in records { add(record) }
  }

  /// Counts one more trial of this cell.
  package mutating func add(_ record: TrialRecord) {
    let r = record.result
    trials += 1
    counts[r.outcome, default: 0] += 1
    seconds += r.seconds ?? 0
    operations += r.ops ?? 0
    // A focused trial runs one pair's workload, not the cell's mix: its rate would blur the
    // cell's throughput (and a nightly comparison of it), so only mixed trials give one.
    if record.focus == nil, let rate = r.opsPerSecond { throughputs.add(rate) }
    FocusTally.counting(record, into: &focused)
    if let ms = r.timeToFailureMs { timesToFailureMs.add(ms) }
    if r.outcome != .ok && failureSamples.count < Self.sampleLimit { failureSamples.append(record) }
    if record.failsRun {
      failingTrials += 1
      if failingSamples.count < Self.sampleLimit { failingSamples.append(record) }
    }
    if record.isHarnessFault { harnessFaults += 1 }
    if let reading = r.machine { machine.add(reading) }
    // What the trial counts towards: TrialResult.Standing, and nothing else.
    switch r.standing {
    case .passed:
      countedTrials += 1
      countedOperations += r.ops ?? 0
    case .searched:
      countedTrials += 1
      countedOperations += r.ops ?? 0
      searchedTrials += 1
      searchedScenarios += r.scenarios ?? 0
      searchedSchedules += r.ops ?? 0
    case .unchecked: uncheckedTrials += 1
    case .cutShort:
      cutShortTrials += 1
    case .failed:
      countedTrials += 1
      countedOperations += r.ops ?? 0
    case .errored: break
    }
    // A trial that checked nothing (an error, a replay that diverged) explored nothing either.
    if r.standing != .errored, let points = r.switchPoints {
      pointedTrials += 1
      switchPoints += points
      pointedSchedules += r.ops ?? 0
    }
  }

  /// Student's t quantile for a two-sided 99.9% interval (0.9995), by degrees of freedom.
  static func t999(degrees: Int) -> Double {
    let table: [Double] = [
      636.62, 31.599, 12.924, 8.610, 6.869, 5.959, 5.408, 5.041, 4.781, 4.587, 4.437, 4.318,
      4.221, 4.140, 4.073, 4.015, 3.965, 3.922, 3.883, 3.850, 3.819, 3.792, 3.768, 3.745, 3.725,
      3.707, 3.690, 3.674, 3.659, 3.646,
    ]
    switch degrees {
    case 1...30: return table[degrees - 1]
    // Between tabulated points, the value at the lower degrees of freedom: a wider interval,
    // never a falsely narrow one.
    case 31..<40: return 3.646
    case 40..<60: return 3.551
    case 60..<120: return 3.460
    default: return 3.373
    }
  }
}
