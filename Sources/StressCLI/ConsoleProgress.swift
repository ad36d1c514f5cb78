import StressKit

/// Progress on stderr: what the run is, then one line per finished cell.
final class ConsoleProgress: RunObserver {
  private let console: Console
  private let path: String

  init(console: Console, path: String) {
    self.console = console
    self.path = path
  }

  func runStarted(_ plan: Plan) throws {
    let bound =
      switch plan.bound {
      case .ops(let n): "\(n) ops per thread"
      case .seconds(let s): "\(s) s"
      }
    console.err(
      "Running \(plan.suite) (mode \(plan.mode.rawValue)): \(plan.cells.count) cells x "
        + "\(plan.trials) trials of \(bound) (after \(plan.warmup) warmup trials, discarded), "
        + "seed \(plan.seed), timeout \(plan.timeout) s\n"
        + "Writing \(path)\n")
  }

  func warmupFinished(_ cell: Cell, result: TrialResult) throws {
    warmups.append(result.outcome)
  }

  func cellFinished(_ cell: Cell, records: [TrialRecord]) throws {
    guard let index = index(of: cell) else { return }
    let warmup = warmups.isEmpty ? "" : " (warmup, discarded: \(Self.counts(warmups)))"
    warmups = []
    console.err(
      "[\(index)] \(cell.subject) / \(cell.wrapper) / \(cell.threads) threads: "
        + RunSummary.outcomes(records) + warmup + "\n")
  }

  private var warmups: [Outcome] = []

  static func counts(_ outcomes: [Outcome]) -> String {
    Outcome.allCases.reversed().compactMap { outcome in
      let n = outcomes.filter { $0 == outcome }.count
      return n == 0 ? nil : "\(outcome.rawValue) \(n)/\(outcomes.count)"
    }.joined(separator: ", ")
  }

  private var done = 0
  private var total = 0

  func cellStarted(_ cell: Cell, index: Int, of total: Int) throws {
    done = index + 1
    self.total = total
  }

  private func index(of cell: Cell) -> String? {
    let width = String(total).count
    let n = String(done)
    return String(repeating: " ", count: max(0, width - n.count)) + n + "/\(total)"
  }
}
