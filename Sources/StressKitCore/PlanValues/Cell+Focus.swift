/// The calls and edge values a cell's focused trials rotate over, as its subject declares them
/// (`SubjectInfo.calls`, `SubjectInfo.edges`).
package struct FocusAxes: Sendable, Hashable {
  package var calls: [String]
  package var edges: [String]

  package init(calls: [String], edges: [String]) {
    self.calls = calls
    self.edges = edges
  }

  /// How many (call, edge value) pairs there are.
  package var pairs: Int { calls.count * edges.count }

  /// The pair at `index`, edge value by edge value: the domain's first edge (the value its
  /// subject expects a race on most) meets every call before the second gets a trial.
  package func pair(_ index: Int) -> Focus {
    let p = index % pairs
    return Focus(call: p % calls.count, edge: p / calls.count)
  }

  /// "formatted(.byteCount(style: .file)) on 0": the pair as the CSV's `focus` column and the
  /// reports spell it.
  package func label(_ focus: Focus) -> String {
    "\(calls[focus.call % calls.count]) on \(edges[focus.edge % edges.count])"
  }
}

extension Cell {
  /// One trial in `focusShare` of a focusing cell is focused: the odd-numbered ones, so a cell
  /// of any length has as many mixed trials as focused ones, or one more.
  package static let focusShare = 2
  /// How many times the plan's bound a focused trial runs. Its power to see a race on its one
  /// pair grows with its length, and only its verdict counts (it gives no throughput): the
  /// default mode's 0.06 s saw swift-foundation 1818 on zero in about 1 focused trial in 5,
  /// and 0.25 s in 7 of 10 (BENCHMARKS.md, "Focused trials").
  package static let focusLength = 4

  /// What a trial of this cell costs on average, in trials of the plan's bound: a focusing
  /// cell's focused trials are `focusLength` times as long.
  package var meanTrialLength: Double {
    guard focusAxes != nil else { return 1 }
    return Double(Self.focusShare - 1 + Self.focusLength) / Double(Self.focusShare)
  }

  /// The pair trial `trial` focuses on, or nil for a mixed trial: the cell's focused trials
  /// take the pairs in turn (`FocusAxes.pair`), so each gets its share of them.
  package func focus(forTrial trial: Int) -> Focus? {
    guard let focusAxes, focusAxes.pairs > 0, trial % Self.focusShare == Self.focusShare - 1
    else { return nil }
    return focusAxes.pair(trial / Self.focusShare)
  }

  /// How many of trials `0..<trials` focus on each pair: the planner's shares, as a run states
  /// them (`Plan.focusText`).
  package func focusShares(trials: Int) -> [Focus: Int] {
    var shares: [Focus: Int] = [:]
    for trial in 0..<trials {
      if let focus = focus(forTrial: trial) { shares[focus, default: 0] += 1 }
    }
    return shares
  }
}
