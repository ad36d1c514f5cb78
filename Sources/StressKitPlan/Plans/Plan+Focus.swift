import StressKitCore

extension Plan {
  /// What the run's focused trials are, for its header: which cells focus, on how many pairs,
  /// and what share each pair gets of `trials` (`Cell.focusShares`); nil when no cell focuses.
  package var focusText: String? {
    let focusing = cells.filter { $0.focusAxes != nil }
    guard let first = focusing.first?.focusAxes else { return nil }
    let subjects = Set(focusing.map(\.subject))
    let pairs = focusing.compactMap(\.focusAxes?.pairs)
    let every = Cell.focusShare == 2 ? "every 2nd" : "1 in \(Cell.focusShare)"
    var text =
      "Focused trials: \(every) trial of \(count(focusing.count, "cell")) (unprotected, 2 or "
      + "more threads) makes one (call, edge value) pair on every thread, "
      + "\(Cell.focusLength) times as long as a mixed trial, the pairs in turn, "
    if subjects.count == 1 {
      text += "\(first.calls.count) calls x \(count(first.edges.count, "edge value")) = "
    } else {
      text += "over \(count(subjects.count, "subject")): "
    }
    let fewest = pairs.min() ?? 0
    let most = pairs.max() ?? 0
    text += fewest == most ? "\(count(most, "pair"))" : "\(fewest) to \(most) pairs"
    let shares = focusing[0].focusShares(trials: trials)
    let focused = shares.values.reduce(0, +)
    let each = Set(shares.values).sorted()
    if timeBudget != nil {
      text += "; a time budget's extra trials go on with the rotation"
    } else if shares.count < fewest {
      let first = shares.count == 1 ? "pair" : "\(shares.count) pairs"
      text +=
        "; with \(count(trials, "trial")) a cell, \(focused) focused, on the first \(first) "
        + "of the rotation (the first edge value with each call, before the next value)"
    } else {
      text +=
        "; with \(count(trials, "trial")) a cell, \(focused) focused: each pair gets "
        + each.map(String.init).joined(separator: " or ") + " a cell"
    }
    return text
  }

  private func count(_ n: Int, _ word: String) -> String {
    "\(n) \(word)\(n == 1 ? "" : "s")"
  }
}
