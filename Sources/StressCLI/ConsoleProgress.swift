import StressKit
import StressPlatform
import StressReports

/// Progress on stderr. On a terminal, a live status line (cells done / total, the cell running,
/// its trial, failures so far, ETA) redrawn in place, with a line kept per finished cell; to a
/// file or pipe, plain lines only, one per finished cell, each with the same counts.
final class ConsoleProgress: RunObserver {
  private let console: Console
  private let path: String
  private let live: Bool
  private let now: () -> UInt64
  /// Seconds of the time budget a resumed run's earlier part used.
  private let spent: Double

  /// `live`: redraw a status line in place (stderr is a terminal). `now`: monotonic nanoseconds.
  init(
    console: Console, path: String, live: Bool = false, spent: Double = 0,
    now: @escaping () -> UInt64 = Platform.monotonicNanos
  ) {
    self.spent = spent
    self.console = console
    self.path = path
    self.live = live
    self.now = now
  }

  // MARK: - State

  private var plan: Plan?
  private var cell: Cell?
  private var cellIndex = 0
  private var cellsDone = 0
  private var trialInCell = 0
  private var warmups: [Outcome] = []
  /// Measured trials that did not end ok, and those among them that fail the run.
  private var failures = 0
  private var failing = 0
  /// Trials (warmup included) run by this process, and those a resumed file already held.
  private var trialsRun = 0
  private var trialsSkipped = 0
  private var started: UInt64?
  private var lastDraw: UInt64 = 0
  /// The positive control's trials so far, and those that caught its race.
  private var controlTrials = 0
  private var controlCaught = 0
  /// Trials a time budget added after every cell had its minimum.
  private var extraTrials = 0

  private var trialsPerCell: Int { (plan?.trials ?? 0) + (plan?.warmup ?? 0) }
  private var totalCells: Int { plan?.cells.count ?? 0 }

  // MARK: - Events

  func runStarted(_ plan: Plan) throws {
    self.plan = plan
    let bound =
      switch (plan.bound, plan.strategy) {
      case (.ops(let n), let strategy?): "\(n) schedule\(n == 1 ? "" : "s") of \(strategy.argument)"
      case (.seconds(let s), let strategy?): "\(s) s of \(strategy.argument)"
      case (.ops(let n), nil): "\(n) ops per thread"
      case (.seconds(let s), nil): "\(s) s"
      }
    let trials =
      plan.timeBudget.map {
        "at least \(plan.trials) trials, within a time budget of \(Budget.durationText($0)),"
      } ?? "\(plan.trials) trials"
    let control =
      plan.control
      ? "the positive control\(plan.strategy == nil ? "" : " (a scheduled lost update)") after "
        + "the cells of 2 or more threads"
      : plan.strategy.map { if case .replay = $0 { true } else { false } } == true
        ? "no positive control (a replay checks its one schedule)"
        : plan.strategy?.isDeterministic == true
          ? "no positive control (a deterministic search's power is its bound)"
          : "no positive control (--no-control)"
    console.err(
      "Running \(plan.suite) (mode \(plan.mode.rawValue)): \(plan.cells.count) cells x "
        + "\(trials) of \(bound) (after \(plan.warmup) warmup trials, discarded), "
        + "seed \(plan.seed), timeout \(plan.timeout) s, \(control)\n"
        + (plan.focusText.map { $0 + "\n" } ?? "") + "Writing \(path)\n")
  }

  func cellStarted(_ cell: Cell, index: Int, of total: Int) throws {
    // Cells a resumed file already finished are skipped without an event.
    trialsSkipped += max(0, index - cellsDone) * trialsPerCell
    cellsDone = index
    self.cell = cell
    cellIndex = index + 1
    trialInCell = 0
    started = started ?? now()
    draw(force: true)
  }

  func warmupFinished(_ cell: Cell, result: TrialResult) throws {
    warmups.append(result.outcome)
    trialsRun += 1
    draw()
  }

  func trialFinished(_ record: TrialRecord) throws {
    // The control's failures are expected; its time shows in the ETA through the elapsed time.
    if record.cell.isControl {
      controlTrials += 1
      if record.result.outcome != .ok { controlCaught += 1 }
      draw()
      return
    }
    if record.cell != cell || cellsDone == totalCells { extraTrials += 1 }
    trialsRun += 1
    // The trial's own number, so a resumed cell counts from where its file left off.
    trialInCell = record.trial + 1
    if record.result.outcome != .ok { failures += 1 }
    if record.failsRun { failing += 1 }
    draw()
  }

  func cellFinished(_ statistics: CellStatistics) throws {
    cellsDone = cellIndex
    let warmup = warmups.isEmpty ? "" : " (warmup, discarded: \(Self.counts(warmups)))"
    warmups = []
    let line =
      "\(position) \(label(statistics.cell)): "
      + "\(Formatting.outcomes(statistics.counts))\(warmup)"
    if live {
      console.err("\r\u{1B}[2K" + line + "\n")
      draw(force: true)
    } else {
      console.err(line + " | " + status + "\n")
    }
  }

  func runFinished(_ cells: [CellStatistics]) throws {
    if live { console.err("\r\u{1B}[2K") }
  }

  // MARK: - Rendering

  /// The cell's label, with its read mix when the run sweeps mixes.
  private func label(_ cell: Cell) -> String {
    let text = CellKey(cell).label
    return plan?.cells.sweepsReadMix == true ? "\(text), \(cell.mixText)" : text
  }

  /// "[ 3/72]", padded so the lines align.
  private var position: String {
    let width = String(totalCells).count
    let n = String(cellIndex)
    return "[" + String(repeating: " ", count: max(0, width - n.count)) + n + "/\(totalCells)]"
  }

  /// "12/72 cells done, failures 7 (0 fail the run), ETA 1m20s".
  var status: String {
    var text = "\(cellsDone)/\(totalCells) cells done, failures \(failures)"
    text += failing > 0 ? " (\(failing) fail the run)" : " (none fail the run)"
    if controlTrials > 0 { text += ", control caught \(controlCaught)/\(controlTrials)" }
    if extraTrials > 0 { text += ", \(extraTrials) trials added by the budget" }
    if let eta { text += ", ETA \(Self.duration(eta))" }
    return text
  }

  /// Seconds left: what the time budget leaves, or else from the average time per trial so
  /// far; nil before the first trial ends.
  var eta: Double? {
    guard let started, trialsRun > 0 else { return nil }
    let elapsed = Double(now() - started) / 1e9
    if let budget = plan?.timeBudget { return max(0, budget - spent - elapsed) }
    let left = totalCells * trialsPerCell - trialsSkipped - trialsRun
    return elapsed / Double(trialsRun) * Double(max(0, left))
  }

  /// Redraws the live line, at most ten times a second unless forced.
  private func draw(force: Bool = false) {
    guard live, let cell else { return }
    let t = now()
    guard force || t - lastDraw >= 100_000_000 else { return }
    lastDraw = t
    let trial = min(trialInCell + 1, plan?.trials ?? 0)
    console.err(
      "\r\u{1B}[2K\(position) \(label(cell)), trial \(trial)/\(plan?.trials ?? 0) | "
        + status)
  }

  static func counts(_ outcomes: [Outcome]) -> String {
    Formatting.outcomes(Dictionary(grouping: outcomes, by: { $0 }).mapValues(\.count))
  }

  /// 75 -> "1m15s"; 3725 -> "1h02m": whole seconds.
  static func duration(_ seconds: Double) -> String {
    Budget.durationText(seconds.rounded())
  }

}
