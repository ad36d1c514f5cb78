import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// The words of a value Analysis computes: Analysis returns values, Reports words them.

extension Verdict {
  /// "unsafe" when any trial failed; otherwise no verdict beyond the bound.
  package var measured: String {
    if failed > 0 {
      let kinds = [Outcome.crash, .hang, .corrupt].compactMap { o in
        failures[o].map { "\(o.rawValue) \($0)" }
      }
      return "unsafe: \(failed) of \(trials) trials failed (\(kinds.joined(separator: ", ")))"
        + focusText
    }
    let blind = controls.filter { !$0.seesRaces }
    let unchecked =
      "\(uncheckedTrials) trial\(uncheckedTrials == 1 ? "" : "s") left histories unchecked: "
      + "their \(TrialResult.uncheckedWords) time"
    let errored =
      "\(erroredTrials) trial\(erroredTrials == 1 ? "" : "s") ended in error (the test fails "
      + "alone, on one thread, or a replay diverged), which pass\(erroredTrials == 1 ? "es" : "") nothing"
    let stopped =
      cutShortTrials == 1
      ? "1 trial stopped at its deadline before running all its schedules"
      : "\(cutShortTrials) trials stopped at their deadline before running all their schedules"
    if blindExploration {
      return "inconclusive: the operations reached no scheduled primitive in "
        + "\(pointedSchedules) schedules; the scheduler could switch only between whole "
        + "operations"
    }
    if inconclusive {
      var why: [String] = []
      if !blind.isEmpty {
        why.append(
          "the positive control was \(Self.list(blind)): the run could not have seen a race like it"
        )
      }
      if uncheckedTrials > 0 { why.append(unchecked) }
      if erroredTrials > 0 { why.append(errored) }
      if searchCutShort {
        why.append(
          isSearch
            ? "every trial's search was cut short (at the time budget or ten times the schedule "
              + "budget), so none covered its bound"
            : "\(stopped), so none ran its budget")
      } else if cutShortTrials > 0, !isSearch {
        why.append("\(stopped), which claim nothing")
      }
      return "inconclusive: no failure seen in \(trials) trials, but "
        + why.joined(separator: "; and ")
    }
    if let coverage { return coverage }
    if isReplay {
      return
        "the replayed schedule passed in \(poweredTrials) trial\(poweredTrials == 1 ? "" : "s") "
        + "(a replay checks that one schedule: no bound on a failure rate)"
    }
    let bound = upperBound95.map { String(format: "%.3g", $0 * 100) } ?? "100"
    // Under a strategy a trial's operations are its schedules: the count says how far it saw.
    let explored = strategy.map {
      " of --strategy \($0.argument), \(poweredOperations) schedules in all"
    }
    var text =
      "no failure seen in \(poweredTrials) trials\(explored ?? "") (failure rate < \(bound)% per "
      + "trial, 95%"
    if controls.isEmpty, strategy?.isDeterministic == true {
      // A search has no control: its power is its bound, which each trial's detail states.
      text += "; no positive control: a bounded search's power is its bound)"
    } else if controls.isEmpty {
      text += "; no positive control ran)"
    } else {
      let seen = controls.filter(\.seesRaces)
      let caught = seen.map(\.caught).reduce(0, +)
      let ran = seen.map(\.trials).reduce(0, +)
      text += "; the positive control was caught in \(caught) of \(ran) trials)"
    }
    let blindTrials = trials - poweredTrials - uncheckedTrials - erroredTrials - cutShortTrials
    if !blind.isEmpty && blindTrials > 0 {
      text += "; \(blindTrials) trials not counted: the control was \(Self.list(blind))"
    }
    if uncheckedTrials > 0 { text += "; not counted: \(unchecked)" }
    if erroredTrials > 0 { text += "; not counted: \(errored)" }
    if cutShortTrials > 0, !isSearch { text += "; not counted: \(stopped)" }
    return text + focusText
  }

  /// "; 6 focused trials, on 4 (call, edge value) pairs: 2 of 2 failed on
  /// formatted(.file) on 0": empty when no trial was focused.
  private var focusText: String {
    guard focusedTrials > 0 else { return "" }
    let pairs = focused.count
    var text =
      "; \(focusedTrials) focused trial\(focusedTrials == 1 ? "" : "s"), on \(pairs) "
      + "(call, edge value) pair\(pairs == 1 ? "" : "s")"
    let failing = focused.filter { $0.failed > 0 }
    if !failing.isEmpty {
      let shown = failing.prefix(3).map { "\($0.failed) of \($0.trials) failed on \($0.pair)" }
      text += ": " + shown.joined(separator: ", ")
      if failing.count > 3 { text += ", and \(failing.count - 3) more pairs failed" }
    }
    return text
  }

  /// A bounded search's claim, which is its coverage, not a sample's bound: "every schedule
  /// with at most 2 preemptions of 40 scenarios passed (2,064 schedules in 2 trials)"; nil for
  /// any other verdict, or a file from before coverage was recorded.
  private var coverage: String? {
    guard case .exhaustive(let bound)? = strategy, failed == 0, searchedTrials > 0 else {
      return nil
    }
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    var text =
      "every schedule with at most \(plural(bound, "preemption")) of "
      + "\(plural(searchedScenarios, "scenario")) passed (\(plural(searchedSchedules, "schedule")) "
      + "in \(plural(searchedTrials, "trial")))"
    if cutShortTrials > 0 {
      text +=
        "; the search was cut short in \(plural(cutShortTrials, "more trial")), "
        + "\(cutShortTrials == 1 ? "which claims" : "which claim") nothing"
    }
    if uncheckedTrials > 0 {
      text += "; \(uncheckedTrials) of them left histories unchecked: their checks ran out of time"
    }
    return text
  }

  /// "caught in 1 of 6 trials at 8 threads, and 0 of 6 at 16".
  private static func list(_ readings: [ControlReading]) -> String {
    readings.map(\.text).joined(separator: ", and ")
  }

  /// Where documentation and measurement disagree; both directions are findings. (A
  /// `Sendable` conformance is shown beside, not judged: a Sendable value in a shared `var`
  /// still races on the variable.)
  package var disagreement: String? {
    switch (documented, failed > 0) {
    case (.safe, true): "documented safe, but failed here"
    case (.unsafe, false) where !inconclusive: "documented unsafe, but no failure reproduced here"
    default: nil
    }
  }

  /// "yes", "no" or "?" for a table.
  package var sendableText: String {
    sendable.map { $0 ? "yes" : "no" } ?? "?"
  }
}
