import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// The words of a value Analysis computes: Analysis returns values, Reports words them.

extension Comparison {
  /// How the groups are judged, in words, for every output.
  package static let groupMethod =
    "Groups: the whole run (every matched cell) by a two-sided sign test on the direction of "
    + "the cells' median changes, and beside the positive control: a run whose control moved "
    + "alike (within the threshold of it), or slowed more, is the machine's speed, a change, not "
    + "a regression. A cell or group whose current trials ended on a machine loaded beyond the "
    + "baseline's (0.75 more runnable tasks on average) is inconclusive, not a regression. "
    + "Each wrapper and each subject (its protected cells) beside the run: its cells' distances "
    + "from the run's median cell in noise widths, summed (Stouffer) and scaled by the "
    + "dispersion of its family (the wrappers, the subjects). Holm's correction across the "
    + "groups at p < 0.01, and the change (the geometric mean of the median ratios) beyond the "
    + "threshold. A group of fewer than 5 cells is left to its cells, and so is every group of "
    + "a family of fewer than 5, whose dispersion cannot be measured. A wrapper's scaled "
    + "widths are read as a normal's; a subject's, whose cells share one worker a side, as "
    + "Student's t with one degree of freedom fewer than the subjects. Under 20 cells there is "
    + "no noise to judge beside: the wrappers and subjects take the sign test too."
}

extension Comparison.Entry {
  /// What changed, in words: "fails: crash 2/5 (baseline: ok 5/5)", "-48.0% ops/s (median
  /// 2.1M -> 1.1M), p = 0.008 on its trials, q = 0.01 across 40 cells".
  package var what: String {
    switch reason {
    case .fails(let now, let baseline, let failedBefore):
      return "fails: \(Formatting.outcomes(now)) (baseline: \(Formatting.outcomes(baseline))"
        + (failedBefore ? ", failing there too)" : ")")
    case .verdictChanged(let failsNow, let now, let baseline):
      return "unprotected verdict changed: \(failsNow ? "now fails" : "no longer fails"): "
        + "\(Formatting.outcomes(now)) (baseline: \(Formatting.outcomes(baseline)))"
    case .passesNow(let now, let baseline):
      return "passes now: \(Formatting.outcomes(now)) (baseline: \(Formatting.outcomes(baseline)))"
    case .onlyInBaseline: return "not in the current run"
    case .onlyInCurrent: return "new: not in the baseline"
    case .speedNotJudged: return ""
    case .withinThreshold: return "\(speed), within the threshold"
    case .tooFewTrials(let alpha):
      return "\(speed), but \(trialCounts.0) and \(trialCounts.1) trials cannot reach "
        + "p < \(alpha) (5 a side can)"
    case .notSignificant(let cells): return "\(speed), not significant (\(tests(cells)))"
    case .significant(let cells): return "\(speed), \(tests(cells))"
    case .machineLoaded(let load): return "\(speed), but \(load.words(of: "these cells"))"
    }
  }

  /// "-48.0% ops/s (median 2.1M -> 1.1M)".
  private var speed: String {
    guard let change = throughputChange, let old = baselineMedian, let new = currentMedian
    else { return "" }
    return String(
      format: "%+.1f%% ops/s (median %@ -> %@)", change * 100, Formatting.compact(old),
      Formatting.compact(new))
  }

  /// The tests' p-values, and the correction's across `cells`.
  private func tests(_ cells: Int) -> String {
    var tests = pValue.map { "p = \(Formatting.pValue($0)) on its trials" } ?? ""
    if let widths = noiseWidths, let beside = noisePValue {
      tests +=
        String(format: ", %.1f noise widths from the run's median cell", widths)
        + " (p = \(Formatting.pValue(beside)))"
    }
    return tests + ", q = \(Formatting.pValue(adjustedPValue ?? 1)) across \(cells) cells"
  }
}

extension Comparison.Group {
  /// "12.0% slower", "3.9% faster".
  static func size(_ change: Double) -> String {
    String(format: "%.1f%% %@", abs(change) * 100, change < 0 ? "slower" : "faster")
  }

  /// "the whole run", "wrapper lock", "subject swift-array".
  package var label: String {
    switch scope {
    case .run: "the whole run"
    case .wrapper(let id): "wrapper \(id)"
    case .subject(let id): "subject \(id)"
    }
  }

  /// "31.0% slower: 284 of 288 cells slower, 4 faster, p = 1.2e-77 (Holm: 2.3e-76)".
  package var what: String {
    let size = Self.size(change)
    let holm = "(Holm: \(Formatting.pValue(adjustedPValue)))"
    if let noiseWidths {
      return size + " than the run's median cell: \(slower) of \(cells) cells below it, "
        + "\(faster) above, "
        + String(format: "%.1f noise widths", noiseWidths)
        + ", p = \(Formatting.pValue(pValue)) \(holm)"
        + (machineLoaded ? load.map { "; but " + $0.words(of: "its cells") } ?? "" : "")
    }
    var text =
      size + ": \(slower) of \(cells) cells slower, \(faster) faster, "
      + "p = \(Formatting.pValue(pValue)) \(holm)"
    if let machineChange {
      text += "; the positive control beside it: " + Self.size(machineChange)
      if kind == .change, machineChange < change {
        text += ", slower than the run: as a whole, the machine's speed, not the code's"
      } else if kind == .change {
        text +=
          ", and the run \(Self.size((1 + change) / (1 + machineChange) - 1)) than it, "
          + "within the threshold: as a whole, the machine's speed, not the code's"
      }
    }
    if machineLoaded, let load { text += "; but \(load.words(of: "its cells"))" }
    return text
  }

  /// Why the group was not judged, in a sentence; nil if it was.
  package var notJudgedText: String? { notJudged?.text }
}

extension Comparison.Group.TooFewInFamily {
  /// "4 wrappers are too few to measure how far one strays...".
  package var text: String {
    "\(size) \(family) are too few to measure how far one strays between runs of the same code "
      + "(\(Comparison.Group.fewestInFamily) are needed), so none is judged as a group; their "
      + "cells are judged alone"
  }
}

extension Comparison.Load {
  /// "the machine was loaded during these cells (run queue 1.1 -> 2.3 at their trials' ends,
  /// on average): the machine, not the code".
  func words(of what: String) -> String {
    String(
      format: "the machine was loaded during %@ (run queue %.1f -> %.1f at their trials' ends, "
        + "on average): the machine, not the code", what, baseline, current)
  }
}
