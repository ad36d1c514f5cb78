import StressKitCore

/// How the focused trials on one (call, edge value) pair went (`TrialRecord.focus`): how many
/// there were, and how many of them failed.
package struct FocusTally: Sendable, Equatable {
  /// "call on value" (`FocusAxes.label`).
  package var pair: String
  package var trials = 0
  package var failed = 0

  package init(pair: String, trials: Int = 0, failed: Int = 0) {
    self.pair = pair
    self.trials = trials
    self.failed = failed
  }

  /// `tallies` with `record` counted on its pair (appended in first-seen order); unchanged for
  /// a mixed trial, or one that checked nothing (`TrialResult.Standing.errored`).
  package static func counting(_ record: TrialRecord, into tallies: inout [FocusTally]) {
    guard let pair = record.focus, record.result.standing != .errored else { return }
    let failed = record.result.standing == .failed ? 1 : 0
    add(FocusTally(pair: pair, trials: 1, failed: failed), to: &tallies)
  }

  /// `groups` summed pair by pair, in first-seen order: a subject's cells at every thread count.
  package static func merged(_ groups: [[FocusTally]]) -> [FocusTally] {
    var all: [FocusTally] = []
    for tally in groups.joined() { add(tally, to: &all) }
    return all
  }

  /// Adds `tally` to its pair's entry in `tallies`, or appends it.
  private static func add(_ tally: FocusTally, to tallies: inout [FocusTally]) {
    if let i = tallies.firstIndex(where: { $0.pair == tally.pair }) {
      tallies[i].trials += tally.trials
      tallies[i].failed += tally.failed
    } else {
      tallies.append(tally)
    }
  }
}
